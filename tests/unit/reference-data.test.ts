/**
 * The docs pages render the reference from a plain copy of the contract
 * (src/playground/reference-data.ts) to keep TypeBox out of their bundle.
 * This test is what makes that copy trustworthy: it must equal what the
 * contract and the server's configuration say. `UPDATE_REFERENCE=1 npx vitest
 * run tests/unit/reference-data.test.ts` rewrites it after a contract change.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_IMAGE_TYPES,
  COMING_SOON_DEPLOYMENTS,
  DEPLOYMENT_PATHS,
  ImageJsonBody,
  MAX_IMAGE_BYTES,
  MAX_PROCESSING_SIDE,
  PUBLIC_DEPLOYMENTS,
} from '../../src/api/contract';
import { readServerConfig } from '../../server/src/config';
import { describeDeployment } from '../../src/playground/schema-doc';
import * as reference from '../../src/playground/reference-data';

function expected() {
  const services = readServerConfig({}).servicesRateLimit;
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
  };
}

describe('reference data', () => {
  it('matches the contract schemas and the server defaults', () => {
    const want = expected();
    if (process.env.UPDATE_REFERENCE) {
      const file = path.resolve(__dirname, '../../src/playground/reference-data.ts');
      const body = Object.entries(want)
        .map(([name, value]) => {
          const type = name === 'DEPLOYMENT_DOCS' ? ': Record<DeploymentPath, DeploymentDoc>' : '';
          return `export const ${name}${type} = ${JSON.stringify(value, null, 2)};\n`;
        })
        .join('\n');
      writeFileSync(
        file,
        `/**\n * GENERATED from src/api/contract/services.ts and server/src/config.ts by\n * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.\n */\nimport type { DeploymentPath } from '@site/src/api/contract/services';\nimport type { DeploymentDoc } from './schema-doc';\n\n${body}`,
      );
      return;
    }
    expect({ ...reference }).toEqual(want);
  });

  it('describes every parameter with a type, a default or range, and a description', () => {
    const docs = reference.DEPLOYMENT_DOCS;
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
