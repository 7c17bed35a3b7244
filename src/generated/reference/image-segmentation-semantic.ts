/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `image-segmentation/semantic`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-segmentation-semantic.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'image-segmentation/semantic',
  task: 'image-segmentation',
  sub: 'semantic',
  name: 'Semantic segmentation',
  model: 'sandbox-semantic-segmenter-v1',
  params: [],
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
      path: 'segments[].mask_png_base64',
      type: 'string',
      description: 'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
    },
  ],
};
