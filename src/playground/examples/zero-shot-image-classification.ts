/** Example answer of `zero-shot-image-classification` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, usage } from './common';

export const EXAMPLE: DeploymentResult<'zero-shot-image-classification'> = {
  ...common,
  task: 'zero-shot-image-classification',
  model: 'sandbox-zero-shot-classifier-v1',
  usage: usage(0.003),
  predictions: [
    { label: 'car', score: 0.612345 },
    { label: 'mountain landscape', score: 0.201774 },
    { label: 'dog', score: 0.110203 },
    { label: 'cat', score: 0.075678 },
  ],
};
