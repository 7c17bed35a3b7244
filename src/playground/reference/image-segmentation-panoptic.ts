/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of `image-segmentation/panoptic`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-segmentation-panoptic.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '../schema-doc';

export const DOC: DeploymentDoc = {
  path: 'image-segmentation/panoptic',
  task: 'image-segmentation',
  sub: 'panoptic',
  name: 'Panoptic segmentation',
  model: 'sandbox-panoptic-segmenter-v1',
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
      path: 'segments',
      type: 'object[]',
    },
    {
      path: 'segments[].id',
      type: 'integer',
    },
    {
      path: 'segments[].label',
      type: 'string',
    },
    {
      path: 'segments[].score',
      type: 'number',
    },
    {
      path: 'segments[].is_thing',
      type: 'boolean',
      description: 'True for countable objects, false for regions (sky, road).',
    },
    {
      path: 'segments[].mask_png_base64',
      type: 'string',
      description: 'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
    },
  ],
};
