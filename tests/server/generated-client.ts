/**
 * A client generated from the servers' published OpenAPI documents by a third-party generator,
 * @hey-api/openapi-ts (its fetch client, default plugins), the way an integrator would make one:
 * generated into a folder, type-checked together with code that uses it (strict, and a
 * `@ts-expect-error` line proving the types bite), then imported and called.
 * tests/server/sdk.test.ts runs it against both servers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import ts from 'typescript';

/** Code an integrator writes against the generated client; the test imports and runs it. */
const USAGE = `import { client as accountClient } from './account/client.gen';
import { getDailyUsage, getOrganization, listApiKeys } from './account';
import { client as servicesClient } from './services/client.gen';
import { imageClassification, zeroShotObjectDetection } from './services';

export async function exercise(urls: { api: string; services: string }, keys: { admin: string; test: string }, image: string) {
  accountClient.setConfig({ baseUrl: urls.api, auth: () => keys.admin });
  servicesClient.setConfig({ baseUrl: urls.services, auth: () => keys.test });
  const listed = await listApiKeys({ throwOnError: true });
  const names: string[] = listed.data.api_keys.map((key) => key.name);
  const organization = await getOrganization({ throwOnError: true });
  const today = new Date().toISOString().slice(0, 10);
  const usage = await getDailyUsage({
    query: { start_date: today + 'T00:00:00.000Z', end_date: today + 'T23:59:59.999Z' },
    throwOnError: true,
  });
  const calls: number = usage.data.totals.calls;
  const classified = await imageClassification({ body: { image, top_k: 2 }, throwOnError: true });
  // A deployment call answers 200 with its result, or 202 with a job under Prefer: respond-async.
  if (!('predictions' in classified.data)) throw new Error('a job, not an answer');
  const labels: string[] = classified.data.predictions.map((p) => p.label);
  const detected = await zeroShotObjectDetection({ body: { image, queries: ['sky'] }, throwOnError: true });
  if (!('sandbox' in detected.data)) throw new Error('a job, not an answer');
  const refused = await imageClassification({ body: { image }, auth: () => 'va_test_nosuchkey0000000000000000' });
  return {
    names,
    role: organization.data.role,
    calls,
    labels,
    sandbox: detected.data.sandbox,
    refused: refused.error && 'code' in refused.error ? refused.error.code : null,
    status: refused.response.status,
  };
}

export function wrongOnPurpose(image: string) {
  // @ts-expect-error zero-shot object detection needs its queries
  return zeroShotObjectDetection({ body: { image } });
}
`;

/** What the usage file exports, as the test calls it. */
export interface UsageModule {
  exercise(
    urls: { api: string; services: string },
    keys: { admin: string; test: string },
    image: string,
  ): Promise<{
    names: string[];
    role: string | undefined;
    calls: number;
    labels: string[];
    sandbox: boolean;
    refused: string | null;
    status: number;
  }>;
}

/** Generates both clients and the usage file into `dir`; the type errors found (none expected). */
export async function generateClient(
  dir: string,
  documents: { account: string; services: string },
): Promise<{ usageFile: string; typeErrors: string[] }> {
  mkdirSync(dir, { recursive: true });
  for (const name of ['account', 'services'] as const) {
    const input = path.join(dir, `${name}.openapi.json`);
    writeFileSync(input, documents[name]);
    await createClient({
      input,
      output: path.join(dir, name),
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    });
  }
  const usageFile = path.join(dir, 'usage.ts');
  writeFileSync(usageFile, USAGE);
  const program = ts.createProgram([usageFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  const typeErrors = ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) =>
        `${d.file ? path.relative(dir, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  return { usageFile, typeErrors };
}
