/** Example answer of `image-segmentation/panoptic` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, PNG, usage } from './common';

export const EXAMPLE: DeploymentResult<'image-segmentation/panoptic'> = {
  ...common,
  task: 'image-segmentation/panoptic',
  model: 'sandbox-panoptic-segmenter-v1',
  usage: usage(0.01),
  segments: [
    { id: 0, label: 'sky', score: 0.97, is_thing: false, mask_png_base64: PNG },
    { id: 1, label: 'road', score: 0.95, is_thing: false, mask_png_base64: PNG },
    { id: 2, label: 'car', score: 0.89, is_thing: true, mask_png_base64: PNG },
  ],
};
