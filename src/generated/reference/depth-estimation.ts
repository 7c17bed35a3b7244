/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `depth-estimation`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/depth-estimation.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'depth-estimation',
  task: 'depth-estimation',
  sub: null,
  name: 'Depth estimation',
  model: 'sandbox-depth-v1',
  params: [],
  response: [
    ...COMMON_RESPONSE_FIELDS,
    {
      path: 'depth',
      type: 'object',
    },
    {
      path: 'depth.width',
      type: 'integer',
    },
    {
      path: 'depth.height',
      type: 'integer',
    },
    {
      path: 'depth.png_base64',
      type: 'string',
      description: '8-bit grayscale PNG; brighter is nearer.',
    },
    {
      path: 'depth.min',
      type: 'number',
    },
    {
      path: 'depth.max',
      type: 'number',
    },
    {
      path: 'depth.unit',
      type: '"relative"',
    },
  ],
};
