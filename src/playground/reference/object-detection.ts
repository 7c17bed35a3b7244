/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of `object-detection`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/object-detection.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '../schema-doc';

export const DOC: DeploymentDoc = {
  path: 'object-detection',
  task: 'object-detection',
  sub: null,
  name: 'Object detection',
  model: 'sandbox-detector-v1',
  params: [
    {
      name: 'confidence_threshold',
      type: 'number',
      required: false,
      description: 'Drop predictions whose score is below this value.',
      default: 0.5,
      minimum: 0,
      maximum: 1,
    },
    {
      name: 'max_results',
      type: 'integer',
      required: false,
      description: 'Return at most this many predictions, best first.',
      default: 20,
      minimum: 1,
      maximum: 100,
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
    },
    {
      path: 'predictions[].label',
      type: 'string',
    },
    {
      path: 'predictions[].score',
      type: 'number',
    },
    {
      path: 'predictions[].box',
      type: 'object',
      description: 'Pixel coordinates in the input image.',
    },
    {
      path: 'predictions[].box.x_min',
      type: 'number',
    },
    {
      path: 'predictions[].box.y_min',
      type: 'number',
    },
    {
      path: 'predictions[].box.x_max',
      type: 'number',
    },
    {
      path: 'predictions[].box.y_max',
      type: 'number',
    },
  ],
};
