/**
 * GENERATED from src/api/contract/services.ts and server/src/config.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 */
import type { DeploymentPath } from '@site/src/api/contract/services';
import type { DeploymentDoc } from './schema-doc';

export const DEPLOYMENT_DOCS: Record<DeploymentPath, DeploymentDoc> = {
  'object-detection': {
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
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
  },
  'depth-estimation': {
    path: 'depth-estimation',
    task: 'depth-estimation',
    sub: null,
    name: 'Depth estimation',
    model: 'sandbox-depth-v1',
    params: [],
    response: [
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
      {
        path: 'depth',
        type: 'object',
      },
      {
        path: 'depth.width',
        type: 'integer',
      },
      {
        path: 'depth.height',
        type: 'integer',
      },
      {
        path: 'depth.png_base64',
        type: 'string',
        description: '8-bit grayscale PNG; brighter is nearer.',
      },
      {
        path: 'depth.min',
        type: 'number',
      },
      {
        path: 'depth.max',
        type: 'number',
      },
      {
        path: 'depth.unit',
        type: '"relative"',
      },
    ],
  },
  'image-classification': {
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
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
  },
  'zero-shot-image-classification': {
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
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
  },
  'zero-shot-object-detection': {
    path: 'zero-shot-object-detection',
    task: 'zero-shot-object-detection',
    sub: null,
    name: 'Zero-shot object detection',
    model: 'sandbox-zero-shot-detector-v1',
    params: [
      {
        name: 'queries',
        type: 'string[]',
        required: true,
        description:
          'What to look for, e.g. `["red car", "person with umbrella"]` (1 to 20 phrases).',
        minItems: 1,
        maxItems: 20,
        maxLength: 64,
      },
      {
        name: 'confidence_threshold',
        type: 'number',
        required: false,
        description: 'Drop predictions whose score is below this value.',
        default: 0.3,
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
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
  },
  'image-segmentation/semantic': {
    path: 'image-segmentation/semantic',
    task: 'image-segmentation',
    sub: 'semantic',
    name: 'Semantic segmentation',
    model: 'sandbox-semantic-segmenter-v1',
    params: [],
    response: [
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
      {
        path: 'segments',
        type: 'object[]',
      },
      {
        path: 'segments[].id',
        type: 'integer',
      },
      {
        path: 'segments[].label',
        type: 'string',
      },
      {
        path: 'segments[].mask_png_base64',
        type: 'string',
        description:
          'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
      },
    ],
  },
  'image-segmentation/instance': {
    path: 'image-segmentation/instance',
    task: 'image-segmentation',
    sub: 'instance',
    name: 'Instance segmentation',
    model: 'sandbox-instance-segmenter-v1',
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
        maximum: 50,
      },
    ],
    response: [
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
      {
        path: 'segments',
        type: 'object[]',
      },
      {
        path: 'segments[].id',
        type: 'integer',
      },
      {
        path: 'segments[].label',
        type: 'string',
      },
      {
        path: 'segments[].score',
        type: 'number',
      },
      {
        path: 'segments[].box',
        type: 'object',
        description: 'Pixel coordinates in the input image.',
      },
      {
        path: 'segments[].box.x_min',
        type: 'number',
      },
      {
        path: 'segments[].box.y_min',
        type: 'number',
      },
      {
        path: 'segments[].box.x_max',
        type: 'number',
      },
      {
        path: 'segments[].box.y_max',
        type: 'number',
      },
      {
        path: 'segments[].mask_png_base64',
        type: 'string',
        description:
          'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
      },
    ],
  },
  'image-segmentation/panoptic': {
    path: 'image-segmentation/panoptic',
    task: 'image-segmentation',
    sub: 'panoptic',
    name: 'Panoptic segmentation',
    model: 'sandbox-panoptic-segmenter-v1',
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
    ],
    response: [
      {
        path: 'sandbox',
        type: 'true',
        description:
          'Always true here: the local services host returns sample results, not real inference.',
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
      {
        path: 'segments',
        type: 'object[]',
      },
      {
        path: 'segments[].id',
        type: 'integer',
      },
      {
        path: 'segments[].label',
        type: 'string',
      },
      {
        path: 'segments[].score',
        type: 'number',
      },
      {
        path: 'segments[].is_thing',
        type: 'boolean',
        description: 'True for countable objects, false for regions (sky, road).',
      },
      {
        path: 'segments[].mask_png_base64',
        type: 'string',
        description:
          'Single-channel PNG (255 inside, 0 outside) at the reported image size, base64.',
      },
    ],
  },
};

export const IMAGE_LIMITS = {
  maxImageBytes: 10485760,
  acceptedImageTypes: ['image/jpeg', 'image/png', 'image/webp'],
  maxProcessingSide: 1024,
  jsonImageDescription:
    'The image as base64 or a data URL (`data:image/png;base64,...`). JPEG, PNG or WebP, at most 10 MB.',
};

export const SERVICES_RATE_LIMIT = {
  max: 300,
  windowMs: 60000,
};

export const COMING_SOON = [
  {
    task: 'image-inpainting',
    name: 'Image inpainting',
  },
  {
    task: 'image-matching',
    name: 'Image matching',
  },
  {
    task: 'image-restoration',
    name: 'Image restoration',
  },
  {
    task: 'image-to-image',
    name: 'Image to image',
  },
  {
    task: 'image-understanding',
    name: 'Image understanding',
  },
  {
    task: 'invisible-watermark',
    name: 'Invisible watermark',
  },
  {
    task: 'object-removal',
    name: 'Object removal',
  },
  {
    task: 'super-resolution',
    name: 'Super resolution',
  },
  {
    task: 'visual-question-answering',
    name: 'Visual question answering',
  },
];
