/** Example answer of `image-classification` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, usage } from './common';

export const EXAMPLE: DeploymentResult<'image-classification'> = {
  ...common,
  task: 'image-classification',
  model: 'sandbox-classifier-v1',
  usage: usage(0.002),
  predictions: [
    { label: 'street sign', score: 0.4127 },
    { label: 'sports car', score: 0.2215 },
    { label: 'mountain bike', score: 0.1304 },
    { label: 'library', score: 0.0652 },
    { label: 'laptop', score: 0.0418 },
  ],
};
