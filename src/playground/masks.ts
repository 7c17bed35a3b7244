/**
 * Mask compositing on typed arrays: each segment's single-channel mask
 * (255 inside, 0 outside) is painted in its colour into one RGBA overlay.
 * Later segments win where masks overlap. The overlay's alpha is 255 inside
 * any mask; the view applies the opacity slider with CSS, so moving the
 * slider does not recomposite.
 */
import type { Rgb } from './colors';

export interface MaskLayer {
  /** One byte per pixel, width × height; > 127 is inside. */
  mask: Uint8Array | Uint8ClampedArray;
  color: Rgb;
  visible?: boolean;
}

export function compositeMasks(
  layers: readonly MaskLayer[],
  width: number,
  height: number,
  out: Uint8ClampedArray = new Uint8ClampedArray(width * height * 4),
): Uint8ClampedArray {
  const pixels = width * height;
  if (out.length !== pixels * 4) throw new RangeError('output size does not match the masks');
  out.fill(0);
  // 32-bit writes: one store per pixel instead of four (little-endian RGBA).
  const out32 = new Uint32Array(out.buffer, out.byteOffset, pixels);
  for (const layer of layers) {
    if (layer.visible === false) continue;
    if (layer.mask.length !== pixels) throw new RangeError('mask size does not match');
    const [r, g, b] = layer.color;
    const packed = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    const mask = layer.mask;
    for (let i = 0; i < pixels; i++) if (mask[i]! > 127) out32[i] = packed;
  }
  return out;
}

/** The red channel of RGBA pixels (a decoded grayscale PNG) as one byte per pixel. */
export function grayFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  out: Uint8Array = new Uint8Array(rgba.length / 4),
): Uint8Array {
  for (let i = 0, j = 0; j < out.length; i += 4, j++) out[j] = rgba[i]!;
  return out;
}

/** Share of the image each mask covers, for the legend. */
export function maskCoverage(mask: Uint8Array | Uint8ClampedArray): number {
  let inside = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]! > 127) inside++;
  return mask.length ? inside / mask.length : 0;
}
