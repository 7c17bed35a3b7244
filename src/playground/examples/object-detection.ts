/** Example answer of `object-detection` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, usage } from './common';

export const EXAMPLE: DeploymentResult<'object-detection'> = {
  ...common,
  task: 'object-detection',
  model: 'sandbox-detector-v1',
  usage: usage(0.004),
  predictions: [
    {
      label: 'car',
      score: 0.93,
      box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
    },
    {
      label: 'person',
      score: 0.88,
      box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
    },
    {
      label: 'traffic light',
      score: 0.61,
      box: { x_min: 1057.5, y_min: 250, x_max: 1105, y_max: 350 },
    },
  ],
};
