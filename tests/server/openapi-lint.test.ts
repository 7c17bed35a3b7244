/**
 * The published OpenAPI documents pass the linters third-party tools run: Redocly
 * (`@redocly/cli lint`, recommended rules) and Spectral (`spectral:oas`), with zero errors, for a
 * local build (the sandbox services document) and a public one (the production document, absolute
 * servers). The documents are the servers' own bytes (scripts/docs-data/openapi.ts; the site
 * publishes the same, tests/server/openapi-static.test.ts). Each operation has a stable
 * operationId and a declared tag, member operations declare `x-organization-id`, and every error
 * answer is JSON with its codes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATION_IDS } from '@contract';
import { readOpenApiDocuments, type OpenApiDocuments } from '../../scripts/docs-data/openapi';

const run = promisify(execFile);
const BIN = path.resolve(__dirname, '../../node_modules/.bin');
const PUBLIC_SITE = {
  siteUrl: 'https://docs.visionapi.dev',
  apiBaseUrl: 'https://api.visionapi.dev/v1',
  servicesBaseUrl: 'https://services.visionapi.dev',
};

let dir: string;
const documents: Record<'local' | 'public', OpenApiDocuments> = {} as never;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'visionapi-openapi-lint-'));
  documents.local = await readOpenApiDocuments();
  documents.public = await readOpenApiDocuments(PUBLIC_SITE);
  for (const variant of ['local', 'public'] as const) {
    for (const name of ['account', 'services'] as const) {
      writeFileSync(path.join(dir, `${variant}-${name}.json`), documents[variant][name]);
    }
  }
  writeFileSync(path.join(dir, '.spectral.json'), JSON.stringify({ extends: ['spectral:oas'] }));
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function tool(command: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(path.join(BIN, command), args, {
      cwd: dir,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    // Both exit non-zero when they find errors; their JSON report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (stdout) return stdout;
    throw error;
  }
}

const files = ['local-account', 'local-services', 'public-account', 'public-services'];

describe('the published OpenAPI documents lint clean', () => {
  it.each(files)('%s: Redocly (recommended) finds no error', { timeout: 60_000 }, async (name) => {
    const report = JSON.parse(
      await tool('redocly', ['lint', `${name}.json`, '--format=json', '--extends=recommended']),
    ) as { problems: Array<{ severity: string; ruleId: string; message: string }> };
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((e) => `${e.ruleId}: ${e.message}`)).toEqual([]);
  });

  it.each(files)(
    '%s: Spectral (spectral:oas) finds no error',
    { timeout: 60_000 },
    async (name) => {
      const output = await tool('spectral', [
        'lint',
        `${name}.json`,
        '--ruleset',
        '.spectral.json',
        '--format',
        'json',
        '--quiet',
      ]);
      const problems = JSON.parse(output.trim() || '[]') as Array<{
        severity: number;
        code: string;
        message: string;
      }>;
      // Spectral's severities: 0 error, 1 warning, 2 information, 3 hint.
      const errors = problems.filter((problem) => problem.severity === 0);
      expect(errors.map((e) => `${e.code}: ${e.message}`)).toEqual([]);
    },
  );
});

describe('what generators read', () => {
  type Operation = {
    operationId?: string;
    tags?: string[];
    parameters?: Array<{ in: string; name: string; required?: boolean }>;
    responses: Record<string, { content?: Record<string, unknown>; headers?: object }>;
  };
  const operations = (json: string) =>
    Object.entries(
      (JSON.parse(json) as { paths: Record<string, Record<string, Operation>> }).paths,
    ).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ url, method, op })),
    );

  it('every account operation has its table operationId and a declared tag', () => {
    const document = JSON.parse(documents.local.account) as { tags: Array<{ name: string }> };
    const declared = new Set(document.tags.map((tag) => tag.name));
    const ids = operations(documents.local.account).map(({ op }) => {
      expect(op.tags?.every((tag) => declared.has(tag))).toBe(true);
      return op.operationId;
    });
    // Every operation but the Stripe webhook (served only with Stripe configured).
    expect(new Set(ids)).toEqual(
      new Set(OPERATION_IDS.filter((id) => id !== 'receiveStripeWebhook')),
    );
  });

  it('member operations declare x-organization-id; defaults are never required', () => {
    for (const { url, op } of operations(documents.local.account)) {
      const names = (op.parameters ?? []).map((p) => p.name);
      if (/^\/v1\/(api-key|credits\/balance|team|audit-log|usage)/.test(url)) {
        expect(names, url).toContain('x-organization-id');
      }
      for (const parameter of op.parameters ?? []) {
        if (['skip', 'limit', 'utc_offset_minutes'].includes(parameter.name)) {
          expect(parameter.required ?? false, `${url} ${parameter.name}`).toBe(false);
        }
      }
    }
  });

  it('CSV and PDF answers are typed as such, their errors as JSON, with response headers', () => {
    for (const { url, op } of operations(documents.local.account)) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.headers, `${url} ${status}`).toHaveProperty('x-request-id');
        if (Number(status) >= 400) {
          expect(Object.keys(response.content ?? {}), `${url} ${status}`).toEqual([
            'application/json',
          ]);
        }
      }
    }
    const csv = operations(documents.local.account).find((o) => o.url === '/v1/transaction.csv')!;
    expect(Object.keys(csv.op.responses['200']!.content!)).toEqual(['text/csv']);
    const pdf = operations(documents.local.account).find((o) => o.url.endsWith('/invoice'))!;
    expect(Object.keys(pdf.op.responses['200']!.content!)).toEqual(['application/pdf']);
  });

  it('name absolute servers, and a public build publishes the production services document', () => {
    const servers = (json: string) =>
      (JSON.parse(json) as { servers: Array<{ url: string }> }).servers;
    expect(servers(documents.local.account)[0]!.url).toBe('http://localhost:4010');
    expect(servers(documents.local.services)[0]!.url).toBe('http://localhost:4020');
    expect(servers(documents.public.account)[0]!.url).toBe('https://api.visionapi.dev');
    expect(servers(documents.public.services)[0]!.url).toBe('https://services.visionapi.dev');
    const title = (json: string) => (JSON.parse(json) as { info: { title: string } }).info.title;
    expect(title(documents.local.services)).toContain('(sandbox)');
    expect(title(documents.public.services)).not.toContain('sandbox');
  });
});
