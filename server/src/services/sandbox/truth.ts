/**
 * Answers for a recognised sample image, from its ground truth: the boxes, masks, depth and
 * class scores the sample generator knows to be right, scaled to the image as sent (boxes) and as
 * processed (masks, depth maps). Zero-shot labels and queries are scored against the sample's
 * known content (./text-match.ts), deterministically.
 */
import type { Box } from '@contract';
import type { Sample, TruthObject } from './ground-truth';
import { grayPng, type DecodedImage } from './image';
import { mismatch, vocabulary, words } from './text-match';

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** Sample pixels to the input image's pixels. */
function scaleBox(box: Box, sample: Sample, image: DecodedImage): Box {
  const sx = image.originalWidth / sample.truth.width;
  const sy = image.originalHeight / sample.truth.height;
  return {
    x_min: round(box.x_min * sx, 1),
    y_min: round(box.y_min * sy, 1),
    x_max: round(box.x_max * sx, 1),
    y_max: round(box.y_max * sy, 1),
  };
}

/** A per-pixel map of the sample resampled (nearest pixel) to the processed image's size. */
function resample(map: Uint8Array, sample: Sample, image: DecodedImage): Uint8Array {
  const { width: sw, height: sh } = sample.truth;
  const { width, height } = image;
  if (width === sw && height === sh) return map;
  const columns = new Uint32Array(width);
  for (let x = 0; x < width; x++)
    columns[x] = Math.min(sw - 1, Math.floor(((x + 0.5) * sw) / width));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = Math.min(sh - 1, Math.floor(((y + 0.5) * sh) / height)) * sw;
    for (let x = 0; x < width; x++) out[y * width + x] = map[row + columns[x]!]!;
  }
  return out;
}

/** One mask PNG per group of object ids, cut from the segments map in one pass. */
async function masks(sample: Sample, image: DecodedImage, groups: number[][]): Promise<string[]> {
  const owners = resample(sample.segments, sample, image);
  const groupOf = new Int16Array(256).fill(-1);
  groups.forEach((ids, g) => ids.forEach((id) => (groupOf[id] = g)));
  const pixels = groups.map(() => new Uint8Array(owners.length));
  for (let i = 0; i < owners.length; i++) {
    const g = groupOf[owners[i]!]!;
    if (g >= 0) pixels[g]![i] = 255;
  }
  return Promise.all(pixels.map((p) => grayPng(p, image.width, image.height)));
}

/** Best first; equal scores keep the drawing order. */
const byScore = (a: { score: number; id: number }, b: { score: number; id: number }) =>
  b.score - a.score || a.id - b.id;

function things(sample: Sample, threshold: number, maxResults: number): TruthObject[] {
  return sample.truth.objects
    .filter((o) => o.thing && o.score >= threshold)
    .sort(byScore)
    .slice(0, maxResults);
}

/** Objects grouped by label, in order of first appearance (semantic classes, panoptic stuff). */
function byLabel(objects: readonly TruthObject[]) {
  const groups = new Map<string, TruthObject[]>();
  for (const o of objects) groups.set(o.label, [...(groups.get(o.label) ?? []), o]);
  return [...groups].map(([label, members]) => ({
    label,
    ids: members.map((m) => m.id),
    score: Math.max(...members.map((m) => m.score)),
  }));
}

export function detect(sample: Sample, image: DecodedImage, threshold: number, maxResults: number) {
  return things(sample, threshold, maxResults).map((o) => ({
    label: o.label,
    score: o.score,
    box: scaleBox(o.box, sample, image),
  }));
}

/** A query's score for an object: its own score, divided by 4 for each word that does not fit. */
export function zeroShotDetect(
  sample: Sample,
  image: DecodedImage,
  queries: string[],
  threshold: number,
  maxResults: number,
) {
  const vocabularies = sample.truth.objects.map((o) => vocabulary(o.label, o.terms, o.attributes));
  return queries
    .flatMap((query, q) => {
      const phrase = words(query);
      return sample.truth.objects.flatMap((o, i) => {
        const extra = mismatch(phrase, vocabularies[i]!);
        if (extra === null) return [];
        const score = round(o.score * 0.25 ** extra);
        return [{ query: q, id: o.id, score, label: query, box: scaleBox(o.box, sample, image) }];
      });
    })
    .filter((p) => p.score >= threshold)
    .sort((a, b) => b.score - a.score || a.query - b.query || a.id - b.id)
    .slice(0, maxResults)
    .map(({ label, score, box }) => ({ label, score, box }));
}

export function classify(sample: Sample, topK: number) {
  return [...sample.truth.classes]
    .sort((a, b) => b.score - a.score)
    .slice(0, topK)
    .map(({ label, score }) => ({ label, score }));
}

/**
 * Candidate labels against the sample's classes: a label that names one gets a logit of 4 plus 4
 * times that class's score, halved for each word that does not fit; a label that names nothing
 * in the image gets 0. Softmax over the candidates, so they sum to 1.
 */
export function zeroShotClassify(sample: Sample, labels: string[]) {
  const classes = sample.truth.classes.map((c) => ({
    score: c.score,
    vocab: vocabulary(c.label, c.terms, c.attributes),
  }));
  const logits = labels.map((label) => {
    const phrase = words(label);
    let best = 0;
    for (const c of classes) {
      const extra = mismatch(phrase, c.vocab);
      if (extra !== null) best = Math.max(best, (4 + 4 * c.score) * 0.5 ** extra);
    }
    return best;
  });
  return normalisedScores(labels, logits);
}

/** Softmax, rounded to 6 digits with the remainder given to the best label, sorted. */
export function normalisedScores(labels: string[], logits: number[]) {
  const max = Math.max(...logits);
  const exps = logits.map((l) => Math.exp(l - max));
  const sum = exps.reduce((a, b) => a + b, 0);
  const rounded = exps.map((e) => round(e / sum, 6));
  const best = rounded.indexOf(Math.max(...rounded));
  rounded[best] = round(rounded[best]! + (1 - rounded.reduce((a, b) => a + b, 0)), 6);
  return labels
    .map((label, i) => ({ label, score: rounded[i]!, i }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ label, score }) => ({ label, score }));
}

export async function estimateDepth(sample: Sample, image: DecodedImage) {
  const depth = resample(sample.depth, sample, image);
  let min = 255;
  let max = 0;
  for (const value of depth) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return {
    width: image.width,
    height: image.height,
    png_base64: await grayPng(depth, image.width, image.height),
    min: round(min / 255),
    max: round(max / 255),
    unit: 'relative' as const,
  };
}

export async function segmentSemantic(sample: Sample, image: DecodedImage) {
  const classes = byLabel(sample.truth.objects);
  const pngs = await masks(
    sample,
    image,
    classes.map((c) => c.ids),
  );
  return classes.map((c, i) => ({ id: i + 1, label: c.label, mask_png_base64: pngs[i]! }));
}

export async function segmentInstances(
  sample: Sample,
  image: DecodedImage,
  threshold: number,
  maxResults: number,
) {
  const found = things(sample, threshold, maxResults);
  const pngs = await masks(
    sample,
    image,
    found.map((o) => [o.id]),
  );
  return found.map((o, i) => ({
    id: i + 1,
    label: o.label,
    score: o.score,
    box: scaleBox(o.box, sample, image),
    mask_png_base64: pngs[i]!,
  }));
}

/** Stuff merged by label (sky, road), then each thing; segments under the threshold are left out. */
export async function segmentPanoptic(sample: Sample, image: DecodedImage, threshold: number) {
  const stuff = byLabel(sample.truth.objects.filter((o) => !o.thing)).map((s) => ({
    ...s,
    isThing: false,
  }));
  const countable = sample.truth.objects
    .filter((o) => o.thing)
    .map((o) => ({ label: o.label, ids: [o.id], score: o.score, isThing: true }));
  const kept = [...stuff, ...countable].filter((s) => s.score >= threshold);
  const pngs = await masks(
    sample,
    image,
    kept.map((s) => s.ids),
  );
  return kept.map((s, i) => ({
    id: i + 1,
    label: s.label,
    score: s.score,
    is_thing: s.isThing,
    mask_png_base64: pngs[i]!,
  }));
}
