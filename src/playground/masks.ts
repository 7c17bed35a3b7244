/**
 * Mask compositing on typed arrays: each segment's single-channel mask
 * (255 inside, 0 outside) is painted in its colour into one RGBA overlay.
 * Later segments win where masks overlap. The overlay's alpha is 255 inside
 * any mask; the view applies the opacity slider with CSS, so moving the
 * slider does not recomposite.
 */
import type { Rgb } from './colors';

export interface MaskLayer {
  /** One byte per pixel, width × height: 255 inside, 0 outside (see `binarize`). */
  mask: Uint8Array | Uint8ClampedArray;
  color: Rgb;
  visible?: boolean;
}

const ALL_ONES = 0xffffffff;

/**
 * Paints the inside pixels of one binary mask and counts them. Masks are long
 * runs of 0 or 255, so the mask is read 8 bytes at a time (a Float64 view:
 * +0 means 8 outside pixels) and 4 at a time where it is not empty.
 */
function paintLayer(
  mask: Uint8Array | Uint8ClampedArray,
  out32: Uint32Array | null,
  packed: number,
): number {
  const pixels = mask.length;
  let inside = 0;
  let i = 0;
  if (mask.byteOffset % 8 === 0) {
    const f64 = new Float64Array(mask.buffer, mask.byteOffset, pixels >>> 3);
    const u32 = new Uint32Array(mask.buffer, mask.byteOffset, f64.length * 2);
    for (let q = 0; q < f64.length; q++) {
      if (f64[q] === 0) continue;
      for (let w = q * 2; w < q * 2 + 2; w++) {
        const word = u32[w]!;
        if (word === 0) continue;
        const p = w * 4;
        if (word === ALL_ONES) {
          inside += 4;
          if (out32) {
            out32[p] = packed;
            out32[p + 1] = packed;
            out32[p + 2] = packed;
            out32[p + 3] = packed;
          }
        } else {
          for (let k = p; k < p + 4; k++) {
            if (mask[k]! > 127) {
              inside++;
              if (out32) out32[k] = packed;
            }
          }
        }
      }
    }
    i = f64.length * 8;
  }
  for (; i < pixels; i++) {
    if (mask[i]! > 127) {
      inside++;
      if (out32) out32[i] = packed;
    }
  }
  return inside;
}

export function compositeMasks(
  layers: readonly MaskLayer[],
  width: number,
  height: number,
  out: Uint8ClampedArray = new Uint8ClampedArray(width * height * 4),
  /** When given, receives each layer's share of the image (for the legend), in the same pass. */
  coverage?: Float64Array,
): Uint8ClampedArray {
  const pixels = width * height;
  if (out.length !== pixels * 4) throw new RangeError('output size does not match the masks');
  out.fill(0);
  // 32-bit writes: one store per pixel instead of four (little-endian RGBA).
  const out32 = new Uint32Array(out.buffer, out.byteOffset, pixels);
  for (let l = 0; l < layers.length; l++) {
    const layer = layers[l]!;
    if (layer.mask.length !== pixels) throw new RangeError('mask size does not match');
    const [r, g, b] = layer.color;
    const packed = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    const inside = paintLayer(layer.mask, layer.visible === false ? null : out32, packed);
    if (coverage) coverage[l] = pixels ? inside / pixels : 0;
  }
  return out;
}

/** Makes a decoded mask strictly 0 / 255 (> 127 is inside), in place. */
export function binarize<T extends Uint8Array | Uint8ClampedArray>(mask: T): T {
  for (let i = 0; i < mask.length; i++) mask[i] = mask[i]! > 127 ? 255 : 0;
  return mask;
}

/** The red channel of RGBA pixels (a decoded grayscale PNG) as one byte per pixel. */
export function grayFromRgba(
  rgba: Uint8ClampedArray | Uint8Array,
  out: Uint8Array = new Uint8Array(rgba.length / 4),
): Uint8Array {
  for (let i = 0, j = 0; j < out.length; i += 4, j++) out[j] = rgba[i]!;
  return out;
}

/** Share of the image a binary mask covers, for the legend. */
export function maskCoverage(mask: Uint8Array | Uint8ClampedArray): number {
  return mask.length ? paintLayer(mask, null, 0) / mask.length : 0;
}
