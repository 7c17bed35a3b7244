/**
 * GENERATED from src/api/contract/services.ts by
 * tests/unit/reference-data.test.ts (UPDATE_REFERENCE=1). Do not edit by hand.
 *
 * The reference of every deployment, for the pages that show them all (the
 * overview, the playground). A deployment page imports only its own module
 * from ./reference/ instead.
 */
import type { DeploymentPath } from '@contract/services';
import type { DeploymentDoc } from './schema-doc';
import { DOC as depthEstimation } from './reference/depth-estimation';
import { DOC as imageClassification } from './reference/image-classification';
import { DOC as imageSegmentationInstance } from './reference/image-segmentation-instance';
import { DOC as imageSegmentationPanoptic } from './reference/image-segmentation-panoptic';
import { DOC as imageSegmentationSemantic } from './reference/image-segmentation-semantic';
import { DOC as objectDetection } from './reference/object-detection';
import { DOC as zeroShotImageClassification } from './reference/zero-shot-image-classification';
import { DOC as zeroShotObjectDetection } from './reference/zero-shot-object-detection';

export {
  COMING_SOON,
  DEPLOYMENT_SUMMARIES,
  IMAGE_LIMITS,
  SERVICES_RATE_LIMIT,
} from './reference/common';

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
