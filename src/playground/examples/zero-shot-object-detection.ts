/** Example answer of `zero-shot-object-detection` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, usage } from './common';

export const EXAMPLE: DeploymentResult<'zero-shot-object-detection'> = {
  ...common,
  task: 'zero-shot-object-detection',
  model: 'sandbox-zero-shot-detector-v1',
  usage: usage(0.006),
  predictions: [
    {
      label: 'red car',
      score: 0.81,
      box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
    },
    {
      label: 'person',
      score: 0.74,
      box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
    },
  ],
};
