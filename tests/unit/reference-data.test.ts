/**
 * The docs pages render the reference from a plain copy of the contract to keep TypeBox out of
 * their bundle, written by scripts/generate-reference.ts (`npm run generate:reference`, run before
 * every build and dev start) into src/generated/reference/: one module per deployment
 * (<path with / as ->.ts), so a deployment page bundles only its own (and its own example, from
 * src/playground/examples/), common.ts with what every deployment shares (image limits, the
 * services rate limit, the fields every answer starts with, written once) and index.ts with them
 * all (for the overview and the playground). This test is what makes that copy trustworthy: the
 * committed files must be exactly what the script writes now, and what they hold must be what
 * the contract and the server's configuration say.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  DEPLOYMENT_PATHS,
  MAX_IMAGE_BYTES,
  PUBLIC_DEPLOYMENTS,
} from '@contract';
import { readServerConfig } from '../../server/src/config';
import { describeDeployment, type DeploymentDoc } from '../../src/playground/schema-doc';
import {
  COMMAND,
  moduleName,
  REFERENCE_DIR,
  referenceData,
  referenceFiles,
} from '../../scripts/generate-reference';

// Imported in the tests, not here: a broken generated file must fail a test, not the file.
const loadIndex = () => import('../../src/generated/reference');

const DOCS_DIR = path.resolve(__dirname, '../../docs/public-deployment');

describe('reference data', () => {
  // Formatting with Prettier can take seconds on a cold, busy machine.
  it('matches the contract schemas and the server defaults', { timeout: 30_000 }, async () => {
    const files = await referenceFiles();
    // One module per deployment, plus common.ts and index.ts, and nothing else.
    expect(existsSync(REFERENCE_DIR) ? readdirSync(REFERENCE_DIR).sort() : []).toEqual(
      Object.keys(files).sort(),
    );
    expect(Object.keys(files).sort()).toEqual(
      [...DEPLOYMENT_PATHS.map((p) => `${moduleName(p)}.ts`), 'common.ts', 'index.ts'].sort(),
    );
    for (const [name, text] of Object.entries(files)) {
      expect(readFileSync(path.join(REFERENCE_DIR, name), 'utf8'), `${name}: run ${COMMAND}`).toBe(
        text,
      );
    }
    const index = { ...(await loadIndex()) };
    expect(index).toEqual(referenceData());
    // What the contract says, by a few of its values.
    expect(index.DEPLOYMENT_DOCS['depth-estimation']).toEqual(
      describeDeployment(PUBLIC_DEPLOYMENTS['depth-estimation']),
    );
    expect(index.IMAGE_LIMITS.maxImageBytes).toBe(MAX_IMAGE_BYTES);
    expect(index.IMAGE_LIMITS.acceptedImageTypes).toEqual([...ACCEPTED_IMAGE_TYPES]);
    const { servicesRateLimit } = readServerConfig({ STACK_MODE: 'local' });
    expect(index.SERVICES_RATE_LIMIT.max).toBe(servicesRateLimit.max);
    expect(index.PARAMETER_NAMES['zero-shot-object-detection']).toEqual([
      'queries',
      'confidence_threshold',
      'max_results',
    ]);
    // The fields every answer starts with are written once, in common.ts.
    const { COMMON_RESPONSE_FIELDS } = index;
    expect(COMMON_RESPONSE_FIELDS.map((f) => f.path)).toEqual(
      expect.arrayContaining(['sandbox', 'task', 'model', 'usage.cost_usd']),
    );
    for (const p of DEPLOYMENT_PATHS) {
      expect(index.DEPLOYMENT_DOCS[p].response.slice(0, COMMON_RESPONSE_FIELDS.length)).toEqual(
        COMMON_RESPONSE_FIELDS,
      );
      expect(readFileSync(path.join(REFERENCE_DIR, `${moduleName(p)}.ts`), 'utf8')).not.toContain(
        "path: 'usage.cost_usd'",
      );
    }
  });

  it('gives each deployment page its own reference and example', async () => {
    const { DEPLOYMENT_DOCS } = await loadIndex();
    for (const p of DEPLOYMENT_PATHS) {
      const { DOC } = (await import(path.join(REFERENCE_DIR, `${moduleName(p)}.ts`))) as {
        DOC: DeploymentDoc;
      };
      expect(DOC.path).toBe(p);
      expect(DEPLOYMENT_DOCS[p]).toBe(DOC);
      // MDX is not type-checked: check the page pairs its own modules.
      const page = readFileSync(path.join(DOCS_DIR, `${p}.mdx`), 'utf8');
      expect(page).toContain(
        `import { DOC } from '@site/src/generated/reference/${moduleName(p)}';`,
      );
      expect(page).toContain(
        `import { EXAMPLE } from '@site/src/playground/examples/${moduleName(p)}';`,
      );
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
