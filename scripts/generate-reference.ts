/**
 * Writes the docs pages' reference, src/generated/reference/, from the contract and the server's
 * defaults: `npm run generate:reference`. The generated-reference plugin (src/plugins/) runs it
 * before every build and dev start, however they are started; tests/unit/reference-data.test.ts
 * fails when the committed output is not what this script writes.
 *
 * Why a copy at all: the docs pages must not bundle TypeBox (~20 KB gzip) to show a table, so
 * they import plain data. One module per deployment (a deployment page bundles only its own),
 * common.ts with what every deployment shares (the answer's common fields are written there once)
 * and index.ts with them all (the overview and the playground).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import {
  ACCEPTED_IMAGE_TYPES,
  DEPLOYMENT_PATHS,
  ImageJsonBody,
  MAX_IMAGE_BYTES,
  MAX_PROCESSING_SIDE,
  PUBLIC_DEPLOYMENTS,
} from '../contract';
import { readServerConfig } from '../server/src/config';
import { describeDeployment, type FieldDoc } from '../src/playground/schema-doc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REFERENCE_DIR = path.join(ROOT, 'src/generated/reference');
export const COMMAND = 'npm run generate:reference';

/** `image-segmentation/semantic` → `image-segmentation-semantic` (module name). */
export const moduleName = (p: string): string => p.replace(/\//g, '-');
/** `image-segmentation/semantic` → `imageSegmentationSemantic` (identifier in the index). */
const camel = (p: string): string =>
  moduleName(p).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The longest run of fields every list starts with. */
function commonPrefix(lists: FieldDoc[][]): FieldDoc[] {
  const [first = []] = lists;
  let length = 0;
  while (
    length < first.length &&
    lists.every((list) => JSON.stringify(list[length]) === JSON.stringify(first[length]))
  )
    length++;
  return first.slice(0, length);
}

const header = (from: string, more: string) =>
  `/**\n * GENERATED from ${from} by scripts/generate-reference.ts\n * (${COMMAND}). Do not edit by hand.\n *\n${more}\n */\n`;

/** What the generated modules hold: every deployment's reference and what they share. */
export function referenceData() {
  const docs = DEPLOYMENT_PATHS.map((p) => describeDeployment(PUBLIC_DEPLOYMENTS[p]));
  const services = readServerConfig({ STACK_MODE: 'local' }).servicesRateLimit;
  return {
    DEPLOYMENT_DOCS: Object.fromEntries(docs.map((doc) => [doc.path, doc])),
    IMAGE_LIMITS: {
      maxImageBytes: MAX_IMAGE_BYTES,
      acceptedImageTypes: [...ACCEPTED_IMAGE_TYPES],
      maxProcessingSide: MAX_PROCESSING_SIDE,
      jsonImageDescription:
        (ImageJsonBody.properties.image as { description?: string }).description ?? '',
    },
    SERVICES_RATE_LIMIT: { max: services.max, windowMs: services.timeWindowMs },
    COMMON_RESPONSE_FIELDS: commonPrefix(docs.map((doc) => doc.response)),
    // The overview's table: parameter names only, not every deployment's full reference.
    PARAMETER_NAMES: Object.fromEntries(
      docs.map((doc) => [doc.path, doc.params.map((param) => param.name)]),
    ),
  };
}

/** The files to write (name in src/generated/reference → source, before formatting). */
export function referenceSources(): Record<string, string> {
  const data = referenceData();
  const common = data.COMMON_RESPONSE_FIELDS;
  const files: Record<string, string> = {};

  for (const doc of Object.values(data.DEPLOYMENT_DOCS)) {
    const own = doc.response.slice(common.length);
    const body = JSON.stringify({ ...doc, response: null }, null, 2).replace(
      '"response": null',
      `"response": [...COMMON_RESPONSE_FIELDS, ${JSON.stringify(own, null, 2).slice(1)}`,
    );
    files[`${moduleName(doc.path)}.ts`] =
      header(
        'contract/services.ts',
        ` * The reference of \`${doc.path}\`. Its docs page passes DOC to <DeploymentReference>\n` +
          ` * (with EXAMPLE from src/playground/examples/${moduleName(doc.path)}.ts) and <CodeSamples>.`,
      ) +
      `import type { DeploymentDoc } from '@site/src/playground/schema-doc';\n` +
      `import { COMMON_RESPONSE_FIELDS } from './common';\n\n` +
      `export const DOC: DeploymentDoc = ${body};\n`;
  }

  const shared = { IMAGE_LIMITS: data.IMAGE_LIMITS, SERVICES_RATE_LIMIT: data.SERVICES_RATE_LIMIT };
  files['common.ts'] =
    header(
      'contract/services.ts and server/src/config.ts',
      ' * What every deployment shares: image limits, the services rate limit, the fields every\n' +
        " * answer starts with, and each deployment's parameter names (for the overview's table).",
    ) +
    `import type { DeploymentPath } from '@contract/catalogue';\n` +
    `import type { FieldDoc } from '@site/src/playground/schema-doc';\n\n` +
    Object.entries(shared)
      .map(([name, value]) => `export const ${name} = ${JSON.stringify(value, null, 2)};\n`)
      .join('\n') +
    `\n/** The fields every deployment's answer starts with. */\n` +
    `export const COMMON_RESPONSE_FIELDS: FieldDoc[] = ${JSON.stringify(common, null, 2)};\n` +
    `\nexport const PARAMETER_NAMES: Record<DeploymentPath, string[]> = ${JSON.stringify(
      data.PARAMETER_NAMES,
      null,
      2,
    )};\n`;

  files['index.ts'] =
    header(
      'contract/services.ts',
      ' * The reference of every deployment, for the pages that show them all (the overview, the\n' +
        ' * playground). A deployment page imports only its own module instead.',
    ) +
    `import type { DeploymentPath } from '@contract/catalogue';\n` +
    `import type { DeploymentDoc } from '@site/src/playground/schema-doc';\n` +
    DEPLOYMENT_PATHS.map((p) => `import { DOC as ${camel(p)} } from './${moduleName(p)}';\n`)
      .sort()
      .join('') +
    `\nexport {\n  COMMON_RESPONSE_FIELDS,\n  IMAGE_LIMITS,\n  PARAMETER_NAMES,\n  SERVICES_RATE_LIMIT,\n} from './common';\n\n` +
    `export const DEPLOYMENT_DOCS: Record<DeploymentPath, DeploymentDoc> = {\n` +
    DEPLOYMENT_PATHS.map((p) => `  '${p}': ${camel(p)},\n`).join('') +
    `};\n`;
  return files;
}

/** The files as they must be on disk: formatted with the project's Prettier configuration. */
export async function referenceFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [name, source] of Object.entries(referenceSources())) {
    const file = path.join(REFERENCE_DIR, name);
    files[name] = await format(source, { ...(await resolveConfig(file)), filepath: file });
  }
  return files;
}

/**
 * Brings src/generated/reference/ up to date; writes only the files that change (a dev server
 * watching them rebuilds only then). Returns the names it wrote or removed.
 */
export async function writeReference(): Promise<string[]> {
  const files = await referenceFiles();
  const changed: string[] = [];
  mkdirSync(REFERENCE_DIR, { recursive: true });
  for (const name of readdirSync(REFERENCE_DIR)) {
    if (name in files) continue;
    rmSync(path.join(REFERENCE_DIR, name));
    changed.push(name);
  }
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(REFERENCE_DIR, name);
    if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
    writeFileSync(file, text);
    changed.push(name);
  }
  return changed;
}

async function main(): Promise<void> {
  const changed = await writeReference();
  const where = path.relative(ROOT, REFERENCE_DIR);
  console.log(
    changed.length ? `${where}/: updated ${changed.join(', ')}` : `${where}/ is up to date`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
