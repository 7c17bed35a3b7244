/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of `zero-shot-image-classification`. Its docs page passes DOC to <DeploymentReference>
 * (with EXAMPLE from src/playground/examples/zero-shot-image-classification.ts) and <CodeSamples>.
 */
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { COMMON_RESPONSE_FIELDS } from './common';

export const DOC: DeploymentDoc = {
  path: 'zero-shot-image-classification',
  task: 'zero-shot-image-classification',
  sub: null,
  name: 'Zero-shot image classification',
  model: 'sandbox-zero-shot-classifier-v1',
  params: [
    {
      name: 'candidate_labels',
      type: 'string[]',
      required: true,
      description: 'The labels to choose from (1 to 20); scores sum to 1 over them.',
      minItems: 1,
      maxItems: 20,
      maxLength: 64,
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
