/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `object-detection`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/object-detection.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'object-detection',
  task: 'object-detection',
  sub: null,
  name: 'Object detection',
  model: 'sandbox-detector-v1',
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
    {
      name: 'max_results',
      type: 'integer',
      required: false,
      description: 'Return at most this many predictions, best first.',
      default: 20,
      minimum: 1,
      maximum: 100,
    },
  ],
  response: [
    ...COMMON_RESPONSE_FIELDS,
    {
      path: 'predictions',
      type: 'object[]',
    },
    {
      path: 'predictions[].label',
      type: 'string',
    },
    {
      path: 'predictions[].score',
      type: 'number',
    },
    {
      path: 'predictions[].box',
      type: 'object',
      description: 'Pixel coordinates in the input image.',
    },
    {
      path: 'predictions[].box.x_min',
      type: 'number',
    },
    {
      path: 'predictions[].box.y_min',
      type: 'number',
    },
    {
      path: 'predictions[].box.x_max',
      type: 'number',
    },
    {
      path: 'predictions[].box.y_max',
      type: 'number',
    },
  ],
};
