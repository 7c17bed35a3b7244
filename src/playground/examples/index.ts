/**
 * Example answers shown in the reference, one per deployment, each in its own
 * module (`./<path with / as ->.ts`) so a deployment page bundles only its own:
 * shaped by the contract types (a contract change that breaks them fails
 * `tsc`) and with values like the ones the sandbox host returns for a
 * 1280 × 853 street photo. The generated src/playground/reference/<slug>.ts
 * pairs each with the deployment's reference.
 *
 * This index has them all, and its type makes `tsc` fail when a deployment
 * has no example.
 */
import type { DeploymentPath, DeploymentResult } from '@contract/services';
import { EXAMPLE as depthEstimation } from './depth-estimation';
import { EXAMPLE as imageClassification } from './image-classification';
import { EXAMPLE as imageSegmentationInstance } from './image-segmentation-instance';
import { EXAMPLE as imageSegmentationPanoptic } from './image-segmentation-panoptic';
import { EXAMPLE as imageSegmentationSemantic } from './image-segmentation-semantic';
import { EXAMPLE as objectDetection } from './object-detection';
import { EXAMPLE as zeroShotImageClassification } from './zero-shot-image-classification';
import { EXAMPLE as zeroShotObjectDetection } from './zero-shot-object-detection';

type Examples = { [P in DeploymentPath]: DeploymentResult<P> };

export const EXAMPLE_RESULTS: Examples = {
  'object-detection': objectDetection,
  'zero-shot-object-detection': zeroShotObjectDetection,
  'image-classification': imageClassification,
  'zero-shot-image-classification': zeroShotImageClassification,
  'depth-estimation': depthEstimation,
  'image-segmentation/semantic': imageSegmentationSemantic,
  'image-segmentation/instance': imageSegmentationInstance,
  'image-segmentation/panoptic': imageSegmentationPanoptic,
};
