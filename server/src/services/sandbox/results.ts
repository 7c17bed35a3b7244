/**
 * Answers of the sandbox services host. A sample image of the site (recognised by its pixels,
 * ./ground-truth.ts) is answered with its ground truth (./truth.ts). Any other image gets a
 * placeholder derived from its digest and simple colour statistics: stable, in the documented
 * shape, and labelled so that nobody takes it for a model's output ("sample object 1",
 * "sample region 2", equal zero-shot scores, a plain depth ramp). Every answer says
 * `sandbox: true`; none is inference.
 */
import type { Box, DeploymentPath } from '@contract';
import { recognise } from './ground-truth';
import { grayPng, seededRandom, type DecodedImage } from './image';
import * as truth from './truth';

/** Labels of placeholder answers: numbered, and no real class name. */
const placeholder = {
  object: (n: number) => `sample object ${n}`,
  region: (n: number) => `sample region ${n}`,
  class: (n: number) => `sample class ${n}`,
  query: (query: string) => `sample box for "${query}"`,
};

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

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

/** Up to 8 numbered sample classes with scores that sum to 1 (before top_k). */
function placeholderClasses(image: DecodedImage, topK: number) {
  const random = seededRandom(image.digest, 'classify');
  const labels = Array.from({ length: 8 }, (_, i) => placeholder.class(i + 1));
  return truth
    .normalisedScores(
      labels,
      labels.map(() => random() * 3),
    )
    .slice(0, topK);
}

/** The sandbox knows nothing about the image: every candidate label gets the same share. */
function placeholderZeroShotClasses(labels: string[]) {
  return truth.normalisedScores(
    labels,
    labels.map(() => 0),
  );
}

function placeholderDetections(image: DecodedImage, threshold: number, maxResults: number) {
  const random = seededRandom(image.digest, 'detect');
  const count = 2 + Math.floor(random() * 7);
  return randomBoxes(image, random, count)
    .map((box) => ({ score: round(0.2 + random() * 0.79), box }))
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, maxResults)
    .map(({ score, box }, i) => ({ label: placeholder.object(i + 1), score, box }));
}

function placeholderQueryBoxes(
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
        label: placeholder.query(query),
        score: round(0.05 + random() * 0.9),
        box,
      }));
    })
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score)
    .slice(0, maxResults);
}

/** A plain top-to-bottom ramp (lower rows nearer): obviously not a depth estimate. */
async function placeholderDepth(image: DecodedImage) {
  const { width, height } = image;
  const depth = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const value = Math.round((255 * y) / Math.max(1, height - 1));
    depth.fill(value, y * width, (y + 1) * width);
  }
  return {
    width,
    height,
    png_base64: await grayPng(depth, width, height),
    min: 0,
    max: height > 1 ? 1 : 0,
    unit: 'relative' as const,
  };
}

const REGIONS = 4;

/** A region per pixel from its colour and height in the frame (4 numbered regions). */
function regionMap(image: DecodedImage): Uint8Array {
  const { width, height, rgb, luma } = image;
  const regions = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      const row = y / height;
      let region = 2;
      if (row < 0.45 && (b > r + 10 || luma[i]! > 170)) region = 0;
      else if (g > r + 8 && g > b) region = 1;
      else if (row > 0.7) region = 3;
      regions[i] = region;
    }
  }
  return regions;
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

async function placeholderRegions(image: DecodedImage, map = regionMap(image)) {
  const regions = [];
  for (let value = 0; value < REGIONS; value++) {
    const { area, png } = await maskOf(map, value, image);
    if (area >= map.length * 0.005) regions.push(png);
  }
  return regions.map((png, i) => ({ label: placeholder.region(i + 1), png }));
}

/** Detections with an elliptical mask inside each box (processed-image pixels). */
async function placeholderInstances(
  image: DecodedImage,
  threshold: number,
  maxResults: number,
  map?: Uint8Array,
) {
  const detections = placeholderDetections(image, threshold, maxResults);
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

async function placeholderPanoptic(image: DecodedImage, threshold: number) {
  const map = regionMap(image);
  const things = await placeholderInstances(image, threshold, 20, map);
  const random = seededRandom(image.digest, 'panoptic');
  const regions = (await placeholderRegions(image, map))
    .map(({ label, png }) => ({
      label,
      score: round(0.8 + random() * 0.19),
      is_thing: false,
      mask_png_base64: png,
    }))
    .filter((r) => r.score >= threshold);
  const objects = things.map((t) => ({
    label: t.label,
    score: t.score,
    is_thing: true,
    mask_png_base64: t.mask_png_base64,
  }));
  return [...regions, ...objects].map((segment, i) => ({ id: i + 1, ...segment }));
}

/** The task-specific part of an answer: the ground truth of a sample, a placeholder otherwise. */
export async function sampleResult(
  path: DeploymentPath,
  image: DecodedImage,
  params: Record<string, unknown>,
) {
  const threshold = params.confidence_threshold as number;
  const maxResults = params.max_results as number;
  const sample = await recognise(image);
  if (sample) {
    switch (path) {
      case 'object-detection':
        return { predictions: truth.detect(sample, image, threshold, maxResults) };
      case 'zero-shot-object-detection':
        return {
          predictions: truth.zeroShotDetect(
            sample,
            image,
            params.queries as string[],
            threshold,
            maxResults,
          ),
        };
      case 'image-classification':
        return { predictions: truth.classify(sample, params.top_k as number) };
      case 'zero-shot-image-classification':
        return {
          predictions: truth.zeroShotClassify(sample, params.candidate_labels as string[]),
        };
      case 'depth-estimation':
        return { depth: await truth.estimateDepth(sample, image) };
      case 'image-segmentation/semantic':
        return { segments: await truth.segmentSemantic(sample, image) };
      case 'image-segmentation/instance':
        return { segments: await truth.segmentInstances(sample, image, threshold, maxResults) };
      case 'image-segmentation/panoptic':
        return { segments: await truth.segmentPanoptic(sample, image, threshold) };
    }
  }
  switch (path) {
    case 'object-detection':
      return { predictions: placeholderDetections(image, threshold, maxResults) };
    case 'zero-shot-object-detection':
      return {
        predictions: placeholderQueryBoxes(
          image,
          params.queries as string[],
          threshold,
          maxResults,
        ),
      };
    case 'image-classification':
      return { predictions: placeholderClasses(image, params.top_k as number) };
    case 'zero-shot-image-classification':
      return { predictions: placeholderZeroShotClasses(params.candidate_labels as string[]) };
    case 'depth-estimation':
      return { depth: await placeholderDepth(image) };
    case 'image-segmentation/semantic':
      return {
        segments: (await placeholderRegions(image)).map(({ label, png }, i) => ({
          id: i + 1,
          label,
          mask_png_base64: png,
        })),
      };
    case 'image-segmentation/instance':
      return {
        segments: (await placeholderInstances(image, threshold, maxResults)).map((s, i) => ({
          id: i + 1,
          ...s,
        })),
      };
    case 'image-segmentation/panoptic':
      return { segments: await placeholderPanoptic(image, threshold) };
  }
}
