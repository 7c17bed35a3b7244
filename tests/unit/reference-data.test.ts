/**
 * The docs pages render the reference from a plain copy of the contract to
 * keep TypeBox out of their bundle: one generated module per deployment
 * (src/playground/reference/<path with / as ->.ts), so a deployment page
 * bundles only its own (and its own example, from src/playground/examples/),
 * the shared limits in src/playground/reference/common.ts,
 * and src/playground/reference-data.ts, the index of them all (for the
 * overview and the playground). This test is what makes that copy
 * trustworthy: the files must be exactly what the contract and the server's
 * configuration say. `UPDATE_REFERENCE=1 npx vitest run
 * tests/unit/reference-data.test.ts` rewrites them after a contract change.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  COMING_SOON_DEPLOYMENTS,
  DEPLOYMENT_PATHS,
  ImageJsonBody,
  MAX_IMAGE_BYTES,
  MAX_PROCESSING_SIDE,
  PUBLIC_DEPLOYMENTS,
} from '@contract';
import { readServerConfig } from '../../server/src/config';
import { describeDeployment, type DeploymentDoc } from '../../src/playground/schema-doc';

// Imported in the tests, not here: a broken generated file must not stop UPDATE_REFERENCE.
const loadIndex = () => import('../../src/playground/reference-data');

const PLAYGROUND = path.resolve(__dirname, '../../src/playground');
const REFERENCE_DIR = path.join(PLAYGROUND, 'reference');
const DOCS_DIR = path.resolve(__dirname, '../../docs/public-deployment');
const UPDATE = 'UPDATE_REFERENCE=1 npx vitest run tests/unit/reference-data.test.ts';

/** `image-segmentation/semantic` → `image-segmentation-semantic` (module name). */
const slug = (p: string): string => p.replace(/\//g, '-');
/** `image-segmentation/semantic` → `imageSegmentationSemantic` (identifier in the index). */
const camel = (p: string): string => slug(p).replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

function expected() {
  // Local mode: the defaults of the local stack, with no real settings needed.
  const services = readServerConfig({ STACK_MODE: 'local' }).servicesRateLimit;
  return {
    DEPLOYMENT_DOCS: Object.fromEntries(
      DEPLOYMENT_PATHS.map((p) => [p, describeDeployment(PUBLIC_DEPLOYMENTS[p])]),
    ),
    IMAGE_LIMITS: {
      maxImageBytes: MAX_IMAGE_BYTES,
      acceptedImageTypes: [...ACCEPTED_IMAGE_TYPES],
      maxProcessingSide: MAX_PROCESSING_SIDE,
      jsonImageDescription:
        (ImageJsonBody.properties.image as { description?: string }).description ?? '',
    },
    SERVICES_RATE_LIMIT: { max: services.max, windowMs: services.timeWindowMs },
    COMING_SOON: COMING_SOON_DEPLOYMENTS.map((d) => ({ ...d })),
    // The overview's table: name and parameter names only, not every deployment's full reference.
    DEPLOYMENT_SUMMARIES: DEPLOYMENT_PATHS.map((p) => {
      const doc = describeDeployment(PUBLIC_DEPLOYMENTS[p]);
      return { path: p, name: doc.name, params: doc.params.map((param) => param.name) };
    }),
  };
}

const header = (from: string, more = '') =>
  `/**\n * GENERATED from ${from} by\n * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.${more}\n */\n`;

/** The generated files (path relative to src/playground → source, before formatting). */
function generatedSources(): Record<string, string> {
  const want = expected();
  const files: Record<string, string> = {};
  for (const p of DEPLOYMENT_PATHS) {
    files[`reference/${slug(p)}.ts`] =
      header(
        'src/api/contract/services.ts',
        `\n *\n * The reference of \`${p}\`. Its docs page passes DOC to <DeploymentReference>\n * (with EXAMPLE from src/playground/examples/${slug(p)}.ts) and <CodeSamples>.`,
      ) +
      `import type { DeploymentDoc } from '../schema-doc';\n\n` +
      `export const DOC: DeploymentDoc = ${JSON.stringify(want.DEPLOYMENT_DOCS[p], null, 2)};\n`;
  }
  files['reference/common.ts'] =
    header(
      'src/api/contract/services.ts and server/src/config.ts',
      '\n *\n * What every deployment shares: image limits, the services rate limit,\n * the deployments still to come, and a summary of each for the overview.',
    ) +
    (['IMAGE_LIMITS', 'SERVICES_RATE_LIMIT', 'COMING_SOON', 'DEPLOYMENT_SUMMARIES'] as const)
      .map((name) => `export const ${name} = ${JSON.stringify(want[name], null, 2)};\n`)
      .join('\n');
  files['reference-data.ts'] =
    header(
      'src/api/contract/services.ts',
      '\n *\n * The reference of every deployment, for the pages that show them all (the\n * overview, the playground). A deployment page imports only its own module\n * from ./reference/ instead.',
    ) +
    `import type { DeploymentPath } from '@contract/services';\n` +
    `import type { DeploymentDoc } from './schema-doc';\n` +
    DEPLOYMENT_PATHS.map((p) => `import { DOC as ${camel(p)} } from './reference/${slug(p)}';\n`)
      .sort()
      .join('') +
    `\nexport {\n  COMING_SOON,\n  DEPLOYMENT_SUMMARIES,\n  IMAGE_LIMITS,\n  SERVICES_RATE_LIMIT,\n} from './reference/common';\n\n` +
    `export const DEPLOYMENT_DOCS: Record<DeploymentPath, DeploymentDoc> = {\n` +
    DEPLOYMENT_PATHS.map((p) => `  '${p}': ${camel(p)},\n`).join('') +
    `};\n`;
  return files;
}

/** The generated files as they must be on disk: formatted with the project's Prettier config. */
async function generatedFiles(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [rel, source] of Object.entries(generatedSources())) {
    const file = path.join(PLAYGROUND, rel);
    files[rel] = await format(source, { ...(await resolveConfig(file)), filepath: file });
  }
  return files;
}

describe('reference data', () => {
  // Formatting with Prettier can take seconds on a cold, busy machine.
  it('matches the contract schemas and the server defaults', { timeout: 30_000 }, async () => {
    const files = await generatedFiles();
    const moduleNames = Object.keys(files)
      .filter((rel) => rel.startsWith('reference/'))
      .map((rel) => rel.slice('reference/'.length))
      .sort();
    if (process.env.UPDATE_REFERENCE) {
      mkdirSync(REFERENCE_DIR, { recursive: true });
      for (const name of readdirSync(REFERENCE_DIR)) {
        if (!moduleNames.includes(name)) rmSync(path.join(REFERENCE_DIR, name));
      }
      for (const [rel, text] of Object.entries(files)) {
        writeFileSync(path.join(PLAYGROUND, rel), text);
      }
      return;
    }
    // One module per deployment, plus common.ts, and nothing else.
    expect(existsSync(REFERENCE_DIR) ? readdirSync(REFERENCE_DIR).sort() : []).toEqual(moduleNames);
    for (const [rel, text] of Object.entries(files)) {
      expect(readFileSync(path.join(PLAYGROUND, rel), 'utf8'), `${rel}: run ${UPDATE}`).toBe(text);
    }
    expect({ ...(await loadIndex()) }).toEqual(expected());
  });

  it('gives each deployment page its own reference and example', async () => {
    const { DEPLOYMENT_DOCS } = await loadIndex();
    for (const p of DEPLOYMENT_PATHS) {
      const { DOC } = (await import(path.join(REFERENCE_DIR, `${slug(p)}.ts`))) as {
        DOC: DeploymentDoc;
      };
      expect(DOC.path).toBe(p);
      expect(DEPLOYMENT_DOCS[p]).toBe(DOC);
      // MDX is not type-checked: check the page pairs its own modules.
      const page = readFileSync(path.join(DOCS_DIR, `${p}.mdx`), 'utf8');
      expect(page).toContain(`import { DOC } from '@site/src/playground/reference/${slug(p)}';`);
      expect(page).toContain(`import { EXAMPLE } from '@site/src/playground/examples/${slug(p)}';`);
      expect(page).toContain('<DeploymentReference doc={DOC} example={EXAMPLE} />');
      expect(page).toContain('<CodeSamples doc={DOC} />');
      expect(page).toContain('<Playground doc={DOC} />');
    }
  });

  it('describes every parameter with a type, a default or range, and a description', async () => {
    const docs = (await loadIndex()).DEPLOYMENT_DOCS;
    expect(Object.keys(docs)).toEqual(DEPLOYMENT_PATHS);
    const od = docs['object-detection'].params;
    expect(od).toContainEqual({
      name: 'confidence_threshold',
      type: 'number',
      required: false,
      default: 0.5,
      minimum: 0,
      maximum: 1,
      description: 'Drop predictions whose score is below this value.',
    });
    const zs = docs['zero-shot-object-detection'].params.find((p) => p.name === 'queries');
    expect(zs).toMatchObject({ type: 'string[]', required: true, minItems: 1, maxItems: 20 });
    expect(docs['depth-estimation'].response.map((f) => f.path)).toContain('depth.png_base64');
    expect(docs['image-segmentation/instance'].response.map((f) => f.path)).toContain(
      'segments[].box.x_min',
    );
  });
});
