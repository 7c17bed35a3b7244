/** Example answer of `depth-estimation` (see ./index.ts). */
import type { DeploymentResult } from '@contract/services';
import { common, PNG, usage } from './common';

export const EXAMPLE: DeploymentResult<'depth-estimation'> = {
  ...common,
  task: 'depth-estimation',
  model: 'sandbox-depth-v1',
  usage: usage(0.005),
  depth: {
    width: 1024,
    height: 682,
    png_base64: PNG,
    min: 0.0824,
    max: 0.9765,
    unit: 'relative',
  },
};
