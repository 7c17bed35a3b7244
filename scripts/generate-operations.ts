/**
 * Writes contract/operations.generated.ts, the plain-data index of the operations table
 * (contract/operations.ts): for each operationId its method, path, access, and how the site's
 * client calls it (`npm run generate:operations`; the generated-reference plugin runs it before
 * every build and dev start, and tests/unit/operations-index.test.ts fails when the committed
 * copy is stale).
 *
 * Why a copy: the operations table holds every request and answer schema (TypeBox), and the
 * docs pages' playground and the pages' typed client only need these few fields; importing the
 * table would put every schema in their bundles.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { OPERATIONS, OPERATION_IDS, type OperationSpec } from '../contract/operations';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPERATIONS_INDEX_FILE = path.join(ROOT, 'contract/operations.generated.ts');
export const OPERATIONS_COMMAND = 'npm run generate:operations';

/** The index entry of one operation: what the site reads at run time. */
export function indexEntry(spec: OperationSpec) {
  return {
    method: spec.method,
    path: spec.path,
    access: spec.access,
    client: {
      ...spec.client,
      ...(spec.produces === 'text/csv' ? { responseType: 'text' } : {}),
      ...(spec.produces === 'application/pdf' ? { responseType: 'blob' } : {}),
    },
    ...(spec.only ? { only: spec.only } : {}),
  };
}

export async function operationsIndexSource(): Promise<string> {
  const entries = Object.fromEntries(
    OPERATION_IDS.map((id) => [id, indexEntry(OPERATIONS[id] as OperationSpec)]),
  );
  const source =
    `/**\n * GENERATED from contract/operations.ts by scripts/generate-operations.ts\n` +
    ` * (${OPERATIONS_COMMAND}). Do not edit by hand.\n *\n` +
    ` * Each operation's method, path, access and the site client's defaults, as plain data.\n */\n` +
    `export const OPERATION_INDEX = ${JSON.stringify(entries, null, 2)} as const;\n`;
  return format(source, {
    ...(await resolveConfig(OPERATIONS_INDEX_FILE)),
    filepath: OPERATIONS_INDEX_FILE,
  });
}

/** Writes the index when it changed; true when it did. */
export async function writeOperationsIndex(): Promise<boolean> {
  const text = await operationsIndexSource();
  if (existsSync(OPERATIONS_INDEX_FILE) && readFileSync(OPERATIONS_INDEX_FILE, 'utf8') === text) {
    return false;
  }
  writeFileSync(OPERATIONS_INDEX_FILE, text);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeOperationsIndex()
    .then((changed) =>
      console.log(
        `${path.relative(ROOT, OPERATIONS_INDEX_FILE)} ${changed ? 'updated' : 'is up to date'}`,
      ),
    )
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
