/**
 * GENERATED from contract/services.ts and server/src/config.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * What every deployment shares: image limits, the services rate limit, the fields every
 * answer starts with, and each deployment's parameter names (for the overview's table).
 */
import type { DeploymentPath } from '@contract/catalogue';
import type { FieldDoc } from '@site/src/playground/schema-doc';

export const IMAGE_LIMITS = {
  maxImageBytes: 10485760,
  acceptedImageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxProcessingSide: 1024,
  jsonImageDescription:
    'The image as base64 or a data URL (`data:image/png;base64,...`). JPEG, PNG or WebP, at most 10 MB. Send `image` or `image_url`, not both.',
};

export const SERVICES_RATE_LIMIT = {
  max: 300,
  windowMs: 60000,
};

/** The fields every deployment's answer starts with. */
export const COMMON_RESPONSE_FIELDS: FieldDoc[] = [
  {
    path: 'sandbox',
    type: 'boolean',
    description:
      'True for sample results (the local stack, and test keys); false for an answer of the inference deployment.',
  },
  {
    path: 'task',
    type: 'string',
    description: 'Deployment path, e.g. `image-segmentation/semantic`.',
  },
  {
    path: 'model',
    type: 'string',
  },
  {
    path: 'image',
    type: 'object',
  },
  {
    path: 'image.width',
    type: 'integer',
    description: 'Width the image was processed at (long side at most 1024).',
  },
  {
    path: 'image.height',
    type: 'integer',
  },
  {
    path: 'image.original_width',
    type: 'integer',
  },
  {
    path: 'image.original_height',
    type: 'integer',
  },
  {
    path: 'usage',
    type: 'object',
  },
  {
    path: 'usage.cost_usd',
    type: 'number',
    description: 'US dollars, exact to 6 decimals (micro-dollars).',
  },
  {
    path: 'usage.remaining_credits',
    type: 'number',
    description: 'US dollars, exact to 6 decimals (micro-dollars).',
  },
  {
    path: 'usage.transaction_id',
    type: 'string',
  },
];

export const PARAMETER_NAMES: Record<DeploymentPath, string[]> = {
  'object-detection': ['confidence_threshold', 'max_results'],
  'depth-estimation': [],
  'image-classification': ['top_k'],
  'zero-shot-image-classification': ['candidate_labels'],
  'zero-shot-object-detection': ['queries', 'confidence_threshold', 'max_results'],
  'image-segmentation/semantic': [],
  'image-segmentation/instance': ['confidence_threshold', 'max_results'],
  'image-segmentation/panoptic': ['confidence_threshold'],
};
