/** Example answer of `image-segmentation/instance` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, PNG, usage } from './common';

export const EXAMPLE: DeploymentResult<'image-segmentation/instance'> = {
  ...common,
  task: 'image-segmentation/instance',
  model: 'sandbox-instance-segmenter-v1',
  usage: usage(0.008),
  segments: [
    {
      id: 0,
      label: 'car',
      score: 0.91,
      box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
      mask_png_base64: PNG,
    },
    {
      id: 1,
      label: 'person',
      score: 0.84,
      box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
      mask_png_base64: PNG,
    },
  ],
};
