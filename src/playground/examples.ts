/**
 * Example answers shown in the reference, one per deployment: shaped by the
 * contract types (a contract change that breaks them fails `tsc`) and with
 * values like the ones the sandbox host returns for a 1280 × 853 street photo.
 */
import type { DeploymentPath, DeploymentResult } from '@site/src/api/contract/services';

const image = { width: 1024, height: 682, original_width: 1280, original_height: 853 };
const usage = (cost: number) => ({
  cost_usd: cost,
  remaining_credits: 24.998,
  transaction_id: 'txn_01JQ7ZK4M8V2H5R3T6W9Y0A1B2',
});
const common = { sandbox: true as const, image };
/** Masks and depth maps are PNGs of the processed size; shortened here. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAABAAAAAKqCAAAAAA…';

type Examples = { [P in DeploymentPath]: DeploymentResult<P> };

export const EXAMPLE_RESULTS: Examples = {
  'object-detection': {
    ...common,
    task: 'object-detection',
    model: 'sandbox-detector-v1',
    usage: usage(0.004),
    predictions: [
      {
        label: 'car',
        score: 0.93,
        box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
      },
      {
        label: 'person',
        score: 0.88,
        box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
      },
      {
        label: 'traffic light',
        score: 0.61,
        box: { x_min: 1057.5, y_min: 250, x_max: 1105, y_max: 350 },
      },
    ],
  },
  'zero-shot-object-detection': {
    ...common,
    task: 'zero-shot-object-detection',
    model: 'sandbox-zero-shot-detector-v1',
    usage: usage(0.006),
    predictions: [
      {
        label: 'red car',
        score: 0.81,
        box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
      },
      {
        label: 'person',
        score: 0.74,
        box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
      },
    ],
  },
  'image-classification': {
    ...common,
    task: 'image-classification',
    model: 'sandbox-classifier-v1',
    usage: usage(0.002),
    predictions: [
      { label: 'street sign', score: 0.4127 },
      { label: 'sports car', score: 0.2215 },
      { label: 'mountain bike', score: 0.1304 },
      { label: 'library', score: 0.0652 },
      { label: 'laptop', score: 0.0418 },
    ],
  },
  'zero-shot-image-classification': {
    ...common,
    task: 'zero-shot-image-classification',
    model: 'sandbox-zero-shot-classifier-v1',
    usage: usage(0.003),
    predictions: [
      { label: 'car', score: 0.612345 },
      { label: 'mountain landscape', score: 0.201774 },
      { label: 'dog', score: 0.110203 },
      { label: 'cat', score: 0.075678 },
    ],
  },
  'depth-estimation': {
    ...common,
    task: 'depth-estimation',
    model: 'sandbox-depth-v1',
    usage: usage(0.005),
    depth: {
      width: 1024,
      height: 682,
      png_base64: PNG,
      min: 0.0824,
      max: 0.9765,
      unit: 'relative',
    },
  },
  'image-segmentation/semantic': {
    ...common,
    task: 'image-segmentation/semantic',
    model: 'sandbox-semantic-segmenter-v1',
    usage: usage(0.006),
    segments: [
      { id: 0, label: 'sky', mask_png_base64: PNG },
      { id: 1, label: 'building', mask_png_base64: PNG },
      { id: 2, label: 'road', mask_png_base64: PNG },
    ],
  },
  'image-segmentation/instance': {
    ...common,
    task: 'image-segmentation/instance',
    model: 'sandbox-instance-segmenter-v1',
    usage: usage(0.008),
    segments: [
      {
        id: 0,
        label: 'car',
        score: 0.91,
        box: { x_min: 137.5, y_min: 493.8, x_max: 462.5, y_max: 662.5 },
        mask_png_base64: PNG,
      },
      {
        id: 1,
        label: 'person',
        score: 0.84,
        box: { x_min: 565, y_min: 412.5, x_max: 612.5, y_max: 597.5 },
        mask_png_base64: PNG,
      },
    ],
  },
  'image-segmentation/panoptic': {
    ...common,
    task: 'image-segmentation/panoptic',
    model: 'sandbox-panoptic-segmenter-v1',
    usage: usage(0.01),
    segments: [
      { id: 0, label: 'sky', score: 0.97, is_thing: false, mask_png_base64: PNG },
      { id: 1, label: 'road', score: 0.95, is_thing: false, mask_png_base64: PNG },
      { id: 2, label: 'car', score: 0.89, is_thing: true, mask_png_base64: PNG },
    ],
  },
};
