/**
 * Decodes an image once for the sandbox: oriented, scaled so its long side is
 * at most 1024 px, as raw RGB plus a few statistics and a seed derived from
 * the bytes (so the same image always gets the same sample answer).
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_PROCESSING_SIDE } from '@contract/limits';
import { ApiError, invalidRequest } from '../../lib/errors';

/** Most pixels decoded for a live key's call unless configured otherwise (`SERVICES_MAX_PIXELS`). */
export const DEFAULT_MAX_PIXELS = 100_000_000;

/** `12000000` → `12 MP`, `2500000` → `2.5 MP`. */
export function megapixels(pixels: number): string {
  return `${Number((pixels / 1_000_000).toFixed(1))} MP`;
}

/** 413 `pixel_limit_exceeded`: the image declares more pixels than this call may decode. */
export function pixelLimitExceeded(width: number, height: number, maxPixels: number): ApiError {
  return new ApiError(
    'pixel_limit_exceeded',
    `The image is ${width} × ${height} pixels (${megapixels(width * height)}); this key's calls decode at most ${megapixels(maxPixels)} ` +
      `(${maxPixels} pixels; test and demo keys have a lower limit than live keys). Nothing was charged. Resize the image: a long side of about 1,000 pixels is enough.`,
    { details: { max_pixels: maxPixels, width, height } },
  );
}

export interface DecodedImage {
  width: number;
  height: number;
  originalWidth: number;
  originalHeight: number;
  /** RGB, 3 bytes per pixel, at width × height. */
  rgb: Buffer;
  /** Luma 0..255, 1 byte per pixel. */
  luma: Uint8Array;
  meanRgb: [number, number, number];
  /** SHA-256 of the input bytes. */
  digest: Buffer;
}

/**
 * Decodes at most `maxPixels` (width × height as the header declares them): a larger image is
 * refused from its header, before any pixel is decoded (a 12 KB PNG may declare 100 MP).
 */
export async function decodeImage(
  bytes: Buffer,
  maxPixels: number = DEFAULT_MAX_PIXELS,
): Promise<DecodedImage> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw invalidRequest('The image could not be decoded. Send a valid JPEG, PNG or WebP file.');
  }
  const declared = { width: meta.width ?? 0, height: meta.height ?? 0 };
  if (declared.width * declared.height > maxPixels) {
    throw pixelLimitExceeded(declared.width, declared.height, maxPixels);
  }
  try {
    const oriented = sharp(bytes, { failOn: 'error', limitInputPixels: maxPixels }).rotate();
    const { data, info } = await oriented
      .resize({
        width: MAX_PROCESSING_SIDE,
        height: MAX_PROCESSING_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const swap = (meta.orientation ?? 1) >= 5;
    const originalWidth = (swap ? meta.height : meta.width) ?? info.width;
    const originalHeight = (swap ? meta.width : meta.height) ?? info.height;
    const pixels = info.width * info.height;
    const luma = new Uint8Array(pixels);
    const sums = [0, 0, 0];
    for (let i = 0; i < pixels; i++) {
      const r = data[i * 3]!;
      const g = data[i * 3 + 1]!;
      const b = data[i * 3 + 2]!;
      sums[0] += r;
      sums[1] += g;
      sums[2] += b;
      luma[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
    return {
      width: info.width,
      height: info.height,
      originalWidth,
      originalHeight,
      rgb: data,
      luma,
      meanRgb: [sums[0]! / pixels, sums[1]! / pixels, sums[2]! / pixels],
      digest: createHash('sha256').update(bytes).digest(),
    };
  } catch {
    throw invalidRequest('The image could not be decoded. Send a valid JPEG, PNG or WebP file.');
  }
}

/** A deterministic pseudo-random generator (mulberry32) seeded from a digest and a salt. */
export function seededRandom(digest: Buffer, salt = ''): () => number {
  let state = createHash('sha256').update(digest).update(salt).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A single-channel PNG (base64) from one byte per pixel. */
export async function grayPng(pixels: Uint8Array, width: number, height: number): Promise<string> {
  const png = await sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), {
    raw: { width, height, channels: 1 },
  })
    .toColourspace('b-w')
    .png({ compressionLevel: 6 })
    .toBuffer();
  return png.toString('base64');
}
