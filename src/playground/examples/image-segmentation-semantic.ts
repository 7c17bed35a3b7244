/** Example answer of `image-segmentation/semantic` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, PNG, usage } from './common';

export const EXAMPLE: DeploymentResult<'image-segmentation/semantic'> = {
  ...common,
  task: 'image-segmentation/semantic',
  model: 'sandbox-semantic-segmenter-v1',
  usage: usage(0.006),
  segments: [
    { id: 0, label: 'sky', mask_png_base64: PNG },
    { id: 1, label: 'building', mask_png_base64: PNG },
    { id: 2, label: 'road', mask_png_base64: PNG },
  ],
};
