/**
 * GENERATED from contract/services.ts by scripts/generate-reference.ts
 * (npm run generate:reference). Do not edit by hand.
 *
 * The reference of every deployment, for the pages that show them all (the overview, the
 * playground). A deployment page imports only its own module instead.
 */
import type { DeploymentPath } from '@contract/catalogue';
import type { DeploymentDoc } from '@site/src/playground/schema-doc';
import { DOC as depthEstimation } from './depth-estimation';
import { DOC as imageClassification } from './image-classification';
import { DOC as imageSegmentationInstance } from './image-segmentation-instance';
import { DOC as imageSegmentationPanoptic } from './image-segmentation-panoptic';
import { DOC as imageSegmentationSemantic } from './image-segmentation-semantic';
import { DOC as objectDetection } from './object-detection';
import { DOC as zeroShotImageClassification } from './zero-shot-image-classification';
import { DOC as zeroShotObjectDetection } from './zero-shot-object-detection';

export {
  COMMON_RESPONSE_FIELDS,
  IMAGE_LIMITS,
  PARAMETER_NAMES,
  SERVICES_RATE_LIMIT,
} from './common';

export const DEPLOYMENT_DOCS: Record<DeploymentPath, DeploymentDoc> = {
  'object-detection': objectDetection,
  'depth-estimation': depthEstimation,
  'image-classification': imageClassification,
  'zero-shot-image-classification': zeroShotImageClassification,
  'zero-shot-object-detection': zeroShotObjectDetection,
  'image-segmentation/semantic': imageSegmentationSemantic,
  'image-segmentation/instance': imageSegmentationInstance,
  'image-segmentation/panoptic': imageSegmentationPanoptic,
};
