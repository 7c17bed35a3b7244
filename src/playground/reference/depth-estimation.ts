/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of `depth-estimation`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/depth-estimation.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '../schema-doc';

export const DOC: DeploymentDoc = {
  path: 'depth-estimation',
  task: 'depth-estimation',
  sub: null,
  name: 'Depth estimation',
  model: 'sandbox-depth-v1',
  params: [],
  response: [
    {
      path: 'sandbox',
      type: 'true',
      description:
        'Always true here: the local services host returns sample results, not real inference.',
    },
    {
      path: 'task',
      type: 'string',
      description: 'Deployment path, e.g. `image-segmentation/semantic`.',
    },
    {
      path: 'model',
      type: 'string',
    },
    {
      path: 'image',
      type: 'object',
    },
    {
      path: 'image.width',
      type: 'integer',
      description: 'Width the image was processed at (long side at most 1024).',
    },
    {
      path: 'image.height',
      type: 'integer',
    },
    {
      path: 'image.original_width',
      type: 'integer',
    },
    {
      path: 'image.original_height',
      type: 'integer',
    },
    {
      path: 'usage',
      type: 'object',
    },
    {
      path: 'usage.cost_usd',
      type: 'number',
      description: 'US dollars, exact to 6 decimals (micro-dollars).',
    },
    {
      path: 'usage.remaining_credits',
      type: 'number',
      description: 'US dollars, exact to 6 decimals (micro-dollars).',
    },
    {
      path: 'usage.transaction_id',
      type: 'string',
    },
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
