/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `image-segmentation/instance`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-segmentation-instance.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'image-segmentation/instance',
  task: 'image-segmentation',
  sub: 'instance',
  name: 'Instance segmentation',
  model: 'sandbox-instance-segmenter-v1',
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
      maximum: 50,
    },
  ],
  response: [
    ...COMMON_RESPONSE_FIELDS,
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
      path: 'segments[].box',
      type: 'object',
      description: 'Pixel coordinates in the input image.',
    },
    {
      path: 'segments[].box.x_min',
      type: 'number',
    },
    {
      path: 'segments[].box.y_min',
      type: 'number',
    },
    {
      path: 'segments[].box.x_max',
      type: 'number',
    },
    {
      path: 'segments[].box.y_max',
      type: 'number',
    },
    {
      path: 'segments[].mask_png_base64',
      type: 'string',
      description: 'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
    },
  ],
};
