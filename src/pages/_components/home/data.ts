/** What the home page lists. Routes are the doc URLs of spec §2. */
import type { IconName } from './Icon';

const DOCS = '/dashboard/public-deployment';

export interface Deployment {
  title: string;
  description: string;
  to: string;
  icon: IconName;
  /** Variants with their own page (image segmentation). */
  variants?: { label: string; to: string }[];
}

export const PUBLIC_DEPLOYMENTS: Deployment[] = [
  {
    title: 'Object detection',
    description: 'Find objects with a label, a confidence score and a bounding box for each.',
    to: `${DOCS}/object-detection/`,
    icon: 'detection',
  },
  {
    title: 'Depth estimation',
    description: 'A relative depth value for every pixel, from one ordinary photo.',
    to: `${DOCS}/depth-estimation/`,
    icon: 'depth',
  },
  {
    title: 'Image classification',
    description: 'The most likely labels for a whole image, sorted by score.',
    to: `${DOCS}/image-classification/`,
    icon: 'classification',
  },
  {
    title: 'Image segmentation',
    description: 'Label every pixel, outline each object, or both in a single call.',
    to: `${DOCS}/image-segmentation/semantic/`,
    icon: 'segmentation',
    variants: [
      { label: 'Semantic', to: `${DOCS}/image-segmentation/semantic/` },
      { label: 'Instance', to: `${DOCS}/image-segmentation/instance/` },
      { label: 'Panoptic', to: `${DOCS}/image-segmentation/panoptic/` },
    ],
  },
  {
    title: 'Zero-shot image classification',
    description: 'Score an image against labels you write in plain language. No training.',
    to: `${DOCS}/zero-shot-image-classification/`,
    icon: 'zeroShotClassification',
  },
  {
    title: 'Zero-shot object detection',
    description: 'Find the objects you describe in words, with a box for each match.',
    to: `${DOCS}/zero-shot-object-detection/`,
    icon: 'zeroShotDetection',
  },
];

export const COMING_SOON: { title: string; to: string }[] = [
  { title: 'Image inpainting', to: `${DOCS}/image-inpainting/` },
  { title: 'Image matching', to: `${DOCS}/image-matching/` },
  { title: 'Image restoration', to: `${DOCS}/image-restoration/` },
  { title: 'Image-to-image', to: `${DOCS}/image-to-image/` },
  { title: 'Image understanding', to: `${DOCS}/image-understanding/` },
  { title: 'Invisible watermark', to: `${DOCS}/invisible-watermark/` },
  { title: 'Object removal', to: `${DOCS}/object-removal/` },
  { title: 'Super-resolution', to: `${DOCS}/super-resolution/` },
  { title: 'Visual question answering', to: `${DOCS}/visual-question-answering/` },
];
