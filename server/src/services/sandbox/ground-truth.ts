/**
 * The ground truth of the site's sample images (written by scripts/generate-samples.mjs into
 * ./ground-truth/), loaded once per worker thread, and the recognition of a decoded image as one
 * of them by its pixel fingerprint.
 */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Box } from '@contract';
import { fingerprint, sameImage, fingerprintDistance, type Fingerprint } from './fingerprint';
import type { DecodedImage } from './image';

/** One object of a sample: a countable thing (car, dog) or a region of stuff (sky, road). */
export interface TruthObject {
  /** Its value in the segments map, 1-based, in drawing order. */
  id: number;
  label: string;
  thing: boolean;
  score: number;
  /** Visible extent in sample pixels (pixel edges). */
  box: Box;
  area: number;
  /** Other names for it (the label is one too). */
  terms: string[];
  /** Words that describe it: colours, state. */
  attributes: string[];
}

/** A label for the whole image, with its score (they sum to 1). */
export interface TruthClass {
  label: string;
  score: number;
  terms: string[];
  attributes: string[];
}

/** A sample's `<id>.json`. */
export interface SampleTruth {
  id: string;
  /** The sample image, from the repository root. */
  image: string;
  sha256: string;
  width: number;
  height: number;
  fingerprint: { grid: number; rgb_base64: string };
  segments_png: string;
  depth_png: string;
  objects: TruthObject[];
  classes: TruthClass[];
}

export interface Sample {
  truth: SampleTruth;
  print: Fingerprint;
  /** The id of the object that owns each pixel, width × height. */
  segments: Uint8Array;
  /** Relative depth per pixel (0 far … 255 near), width × height. */
  depth: Uint8Array;
}

export const GROUND_TRUTH_DIR = fileURLToPath(new URL('./ground-truth/', import.meta.url));

async function grayPixels(file: string, width: number, height: number): Promise<Uint8Array> {
  const { data, info } = await sharp(file)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) {
    throw new Error(`${file} is ${info.width} × ${info.height}, not ${width} × ${height}`);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

async function loadSample(dir: string, file: string): Promise<Sample> {
  const truth = JSON.parse(await readFile(`${dir}${file}`, 'utf8')) as SampleTruth;
  const { width, height } = truth;
  const [segments, depth] = await Promise.all([
    grayPixels(`${dir}${truth.segments_png}`, width, height),
    grayPixels(`${dir}${truth.depth_png}`, width, height),
  ]);
  const cells = new Uint8Array(Buffer.from(truth.fingerprint.rgb_base64, 'base64'));
  return { truth, print: { width, height, cells }, segments, depth };
}

/** Every sample in `dir`, in file-name order. */
export async function loadSamples(dir = GROUND_TRUTH_DIR): Promise<Sample[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map((file) => loadSample(dir, file)));
}

let cached: Promise<Sample[]> | null = null;

/** The samples, read once per thread (a failed read is retried on the next call). */
export function samples(): Promise<Sample[]> {
  cached ??= loadSamples().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/** The sample this image shows (re-encoded, converted or resized alike), or null. */
export async function recognise(image: DecodedImage): Promise<Sample | null> {
  const print = fingerprint(image.rgb, image.width, image.height);
  if (!print) return null;
  let best: Sample | null = null;
  let bestMean = Infinity;
  for (const sample of await samples()) {
    if (!sameImage(print, sample.print)) continue;
    const { mean } = fingerprintDistance(print.cells, sample.print.cells);
    if (mean < bestMean) [best, bestMean] = [sample, mean];
  }
  return best;
}
