/**
 * Sample answers of the sandbox services host. They are derived from the
 * image (its digest and simple colour statistics) so that they are stable
 * and plausible, but they are NOT inference: every answer says
 * `sandbox: true`.
 */
import type { Box, DeploymentPath } from '@contract';
import { grayPng, seededRandom, type DecodedImage } from './image';

const DETECTION_LABELS = [
  'person',
  'car',
  'bicycle',
  'dog',
  'cat',
  'bird',
  'chair',
  'bottle',
  'cup',
  'laptop',
  'potted plant',
  'bus',
  'truck',
  'umbrella',
  'book',
  'bench',
  'backpack',
  'traffic light',
];

/** Labels with a typical colour, so brighter-blue images lean to sky and water scenes. */
const CLASS_PROTOTYPES: Array<[string, [number, number, number]]> = [
  ['seashore', [120, 160, 200]],
  ['lakeside', [90, 130, 150]],
  ['alp', [170, 180, 200]],
  ['valley', [90, 130, 70]],
  ['daisy', [200, 200, 120]],
  ['golden retriever', [190, 150, 90]],
  ['tabby cat', [130, 110, 90]],
  ['sports car', [170, 40, 40]],
  ['mountain bike', [80, 80, 80]],
  ['espresso', [70, 45, 30]],
  ['pizza', [200, 140, 80]],
  ['library', [120, 90, 60]],
  ['laptop', [60, 60, 70]],
  ['goldfish', [220, 120, 40]],
  ['sunflower', [220, 180, 40]],
  ['snowy owl', [235, 235, 235]],
  ['street sign', [60, 110, 60]],
  ['night sky', [15, 20, 40]],
];

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

function softmax(logits: number[]): number[] {
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / sum);
}

function colourDistance(a: readonly number[], b: readonly number[]) {
  return Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
}

/** Boxes in processed-image pixels, scaled back to the input image. */
function randomBoxes(image: DecodedImage, random: () => number, count: number): Box[] {
  const sx = image.originalWidth / image.width;
  const sy = image.originalHeight / image.height;
  return Array.from({ length: count }, () => {
    const w = image.width * (0.15 + random() * 0.45);
    const h = image.height * (0.15 + random() * 0.45);
    const x = random() * (image.width - w);
    const y = random() * (image.height - h);
    return {
      x_min: round(x * sx, 1),
      y_min: round(y * sy, 1),
      x_max: round((x + w) * sx, 1),
      y_max: round((y + h) * sy, 1),
    };
  });
}

export function classify(image: DecodedImage, topK: number) {
  const random = seededRandom(image.digest, 'classify');
  const logits = CLASS_PROTOTYPES.map(
    ([, colour]) => -colourDistance(image.meanRgb, colour) / 40 + random() * 1.5,
  );
  const scores = softmax(logits);
  return CLASS_PROTOTYPES.map(([label], i) => ({ label, score: round(scores[i]!) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, topK);
}

export function zeroShotClassify(image: DecodedImage, labels: string[]) {
  const logits = labels.map(
    (label) => seededRandom(image.digest, `zs:${label.toLowerCase()}`)() * 4,
  );
  const scores = softmax(logits);
  // Rounding could break the sum of 1: give the remainder to the best label.
  const rounded = scores.map((s) => round(s, 6));
  const best = rounded.indexOf(Math.max(...rounded));
  rounded[best] = round(rounded[best]! + (1 - rounded.reduce((a, b) => a + b, 0)), 6);
  return labels
    .map((label, i) => ({ label, score: rounded[i]! }))
    .sort((a, b) => b.score - a.score);
}

export function detect(image: DecodedImage, threshold: number, maxResults: number) {
  const random = seededRandom(image.digest, 'detect');
  const count = 2 + Math.floor(random() * 7);
  const boxes = randomBoxes(image, random, count);
  return boxes
    .map((box) => ({
      label: DETECTION_LABELS[Math.floor(random() * DETECTION_LABELS.length)]!,
      score: round(0.2 + random() * 0.79),
      box,
    }))
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, maxResults);
}

export function zeroShotDetect(
  image: DecodedImage,
  queries: string[],
  threshold: number,
  maxResults: number,
) {
  return queries
    .flatMap((query) => {
      const random = seededRandom(image.digest, `zsd:${query.toLowerCase()}`);
      const count = Math.floor(random() * 3);
      return randomBoxes(image, random, count).map((box) => ({
        label: query,
        score: round(0.05 + random() * 0.9),
        box,
      }));
    })
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, maxResults);
}

export async function estimateDepth(image: DecodedImage) {
  const { width, height, luma } = image;
  const depth = new Uint8Array(width * height);
  let min = 255;
  let max = 0;
  for (let y = 0; y < height; y++) {
    // Lower rows are usually nearer; darker, textured areas a little nearer too.
    const vertical = height > 1 ? y / (height - 1) : 1;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const value = Math.round(255 * (0.75 * vertical + 0.25 * (1 - luma[i]! / 255)));
      depth[i] = value;
      if (value < min) min = value;
      if (value > max) max = value;
    }
  }
  return {
    width,
    height,
    png_base64: await grayPng(depth, width, height),
    min: round(min / 255),
    max: round(max / 255),
    unit: 'relative' as const,
  };
}

type StuffLabel = 'sky' | 'vegetation' | 'building' | 'road';
const STUFF_LABELS: StuffLabel[] = ['sky', 'vegetation', 'building', 'road'];

/** A label per pixel from its colour and height in the frame. */
function stuffMap(image: DecodedImage): Uint8Array {
  const { width, height, rgb, luma } = image;
  const labels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      const row = y / height;
      let label = 2;
      if (row < 0.45 && (b > r + 10 || luma[i]! > 170)) label = 0;
      else if (g > r + 8 && g > b) label = 1;
      else if (row > 0.7) label = 3;
      labels[i] = label;
    }
  }
  return labels;
}

async function maskOf(map: Uint8Array, value: number, image: DecodedImage) {
  const mask = new Uint8Array(map.length);
  let area = 0;
  for (let i = 0; i < map.length; i++) {
    if (map[i] === value) {
      mask[i] = 255;
      area++;
    }
  }
  return { area, png: area > 0 ? await grayPng(mask, image.width, image.height) : '' };
}

export async function segmentSemantic(image: DecodedImage) {
  const map = stuffMap(image);
  const minArea = map.length * 0.005;
  const segments = [];
  for (const [id, label] of STUFF_LABELS.entries()) {
    const { area, png } = await maskOf(map, id, image);
    if (area >= minArea) segments.push({ id: segments.length + 1, label, mask_png_base64: png });
  }
  return segments;
}

/** Detections with an elliptical mask inside each box (processed-image pixels). */
async function instances(
  image: DecodedImage,
  threshold: number,
  maxResults: number,
  map?: Uint8Array,
) {
  const detections = detect(image, threshold, maxResults);
  const sx = image.width / image.originalWidth;
  const sy = image.height / image.originalHeight;
  const result = [];
  for (const detection of detections) {
    const { box } = detection;
    const cx = ((box.x_min + box.x_max) / 2) * sx;
    const cy = ((box.y_min + box.y_max) / 2) * sy;
    const rx = ((box.x_max - box.x_min) / 2) * sx;
    const ry = ((box.y_max - box.y_min) / 2) * sy;
    const mask = new Uint8Array(image.width * image.height);
    for (
      let y = Math.max(0, Math.floor(cy - ry));
      y < Math.min(image.height, Math.ceil(cy + ry));
      y++
    ) {
      for (
        let x = Math.max(0, Math.floor(cx - rx));
        x < Math.min(image.width, Math.ceil(cx + rx));
        x++
      ) {
        if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) {
          mask[y * image.width + x] = 255;
          if (map) map[y * image.width + x] = 255;
        }
      }
    }
    result.push({ ...detection, mask_png_base64: await grayPng(mask, image.width, image.height) });
  }
  return result;
}

export async function segmentInstances(image: DecodedImage, threshold: number, maxResults: number) {
  const found = await instances(image, threshold, maxResults);
  return found.map((instance, i) => ({ id: i + 1, ...instance }));
}

export async function segmentPanoptic(image: DecodedImage, threshold: number) {
  const map = stuffMap(image);
  const things = await instances(image, threshold, 20, map);
  const random = seededRandom(image.digest, 'panoptic');
  const segments: Array<{
    id: number;
    label: string;
    score: number;
    is_thing: boolean;
    mask_png_base64: string;
  }> = [];
  for (const [value, label] of STUFF_LABELS.entries()) {
    const { area, png } = await maskOf(map, value, image);
    if (area >= map.length * 0.005) {
      segments.push({
        id: segments.length + 1,
        label,
        score: round(0.8 + random() * 0.19),
        is_thing: false,
        mask_png_base64: png,
      });
    }
  }
  for (const thing of things) {
    segments.push({
      id: segments.length + 1,
      label: thing.label,
      score: thing.score,
      is_thing: true,
      mask_png_base64: thing.mask_png_base64,
    });
  }
  return segments;
}

/** The task-specific part of an answer. */
export async function sampleResult(
  path: DeploymentPath,
  image: DecodedImage,
  params: Record<string, unknown>,
) {
  const threshold = params.confidence_threshold as number;
  const maxResults = params.max_results as number;
  switch (path) {
    case 'object-detection':
      return { predictions: detect(image, threshold, maxResults) };
    case 'zero-shot-object-detection':
      return {
        predictions: zeroShotDetect(image, params.queries as string[], threshold, maxResults),
      };
    case 'image-classification':
      return { predictions: classify(image, params.top_k as number) };
    case 'zero-shot-image-classification':
      return { predictions: zeroShotClassify(image, params.candidate_labels as string[]) };
    case 'depth-estimation':
      return { depth: await estimateDepth(image) };
    case 'image-segmentation/semantic':
      return { segments: await segmentSemantic(image) };
    case 'image-segmentation/instance':
      return { segments: await segmentInstances(image, threshold, maxResults) };
    case 'image-segmentation/panoptic':
      return { segments: await segmentPanoptic(image, threshold) };
  }
}
