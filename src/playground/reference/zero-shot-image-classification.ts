/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of `zero-shot-image-classification`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/zero-shot-image-classification.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '../schema-doc';

export const DOC: DeploymentDoc = {
  path: 'zero-shot-image-classification',
  task: 'zero-shot-image-classification',
  sub: null,
  name: 'Zero-shot image classification',
  model: 'sandbox-zero-shot-classifier-v1',
  params: [
    {
      name: 'candidate_labels',
      type: 'string[]',
      required: true,
      description: 'The labels to choose from (1 to 20); scores sum to 1 over them.',
      minItems: 1,
      maxItems: 20,
      maxLength: 64,
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
