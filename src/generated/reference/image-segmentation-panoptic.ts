/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `image-segmentation/panoptic`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-segmentation-panoptic.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

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
