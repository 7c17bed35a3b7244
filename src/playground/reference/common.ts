/**
 * GENERATED from src/api/contract/services.ts and server/src/config.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * What every deployment shares: image limits, the services rate limit,
 * the deployments still to come, and a summary of each for the overview.
 */
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

export const DEPLOYMENT_SUMMARIES = [
  {
    path: 'object-detection',
    name: 'Object detection',
    params: ['confidence_threshold', 'max_results'],
  },
  {
    path: 'depth-estimation',
    name: 'Depth estimation',
    params: [],
  },
  {
    path: 'image-classification',
    name: 'Image classification',
    params: ['top_k'],
  },
  {
    path: 'zero-shot-image-classification',
    name: 'Zero-shot image classification',
    params: ['candidate_labels'],
  },
  {
    path: 'zero-shot-object-detection',
    name: 'Zero-shot object detection',
    params: ['queries', 'confidence_threshold', 'max_results'],
  },
  {
    path: 'image-segmentation/semantic',
    name: 'Semantic segmentation',
    params: [],
  },
  {
    path: 'image-segmentation/instance',
    name: 'Instance segmentation',
    params: ['confidence_threshold', 'max_results'],
  },
  {
    path: 'image-segmentation/panoptic',
    name: 'Panoptic segmentation',
    params: ['confidence_threshold'],
  },
];
