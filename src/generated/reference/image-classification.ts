/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `image-classification`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/image-classification.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'image-classification',
  task: 'image-classification',
  sub: null,
  name: 'Image classification',
  model: 'sandbox-classifier-v1',
  params: [
    {
      name: 'top_k',
      type: 'integer',
      required: false,
      description: 'Number of labels to return.',
      default: 5,
      minimum: 1,
      maximum: 20,
    },
  ],
  response: [
    ...COMMON_RESPONSE_FIELDS,
    {
      path: 'predictions',
      type: 'object[]',
      description: 'Sorted by score, highest first.',
    },
    {
      path: 'predictions[].label',
      type: 'string',
    },
    {
      path: 'predictions[].score',
      type: 'number',
    },
  ],
};
