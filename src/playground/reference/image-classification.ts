/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of `image-classification`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-classification.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '../schema-doc';

export const DOC: DeploymentDoc = {
  path: 'image-classification',
  task: 'image-classification',
  sub: null,
  name: 'Image classification',
  model: 'sandbox-classifier-v1',
  params: [
    {
      name: 'top_k',
      type: 'integer',
      required: false,
      description: 'Number of labels to return.',
      default: 5,
      minimum: 1,
      maximum: 20,
    },
  ],
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
      path: 'predictions',
      type: 'object[]',
      description: 'Sorted by score, highest first.',
    },
    {
      path: 'predictions[].label',
      type: 'string',
    },
    {
      path: 'predictions[].score',
      type: 'number',
    },
  ],
};
