/**
 * Depth heat-map: 8-bit depth (brighter is nearer) through the Turbo colour
 * map into RGBA, via a 256-entry lookup table.
 */
import type { Rgb } from './colors';

/** Turbo colour map, polynomial approximation (Google, Apache-2.0), t in [0, 1]. */
export function turbo(t: number): Rgb {
  const x = Math.min(1, Math.max(0, t));
  const r =
    0.13572138 +
    x *
      (4.6153926 + x * (-42.66032258 + x * (132.13108234 + x * (-152.94239396 + x * 59.28637943))));
  const g =
    0.09140261 +
    x * (2.19418839 + x * (4.84296658 + x * (-14.18503333 + x * (4.27729857 + x * 2.82956604))));
  const b =
    0.1066733 +
    x *
      (12.64194608 +
        x * (-60.58204836 + x * (110.36276771 + x * (-89.90310912 + x * 27.34824973))));
  const c = (v: number) => Math.round(255 * Math.min(1, Math.max(0, v)));
  return [c(r), c(g), c(b)];
}

/** RGBA (little-endian packed) for every byte value: near (255) is red, far (0) is blue. */
export const DEPTH_LUT: Uint32Array = (() => {
  const lut = new Uint32Array(256);
  for (let v = 0; v < 256; v++) {
    const [r, g, b] = turbo(v / 255);
    lut[v] = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
  }
  return lut;
})();

export function colorizeDepth(
  depth: Uint8Array | Uint8ClampedArray,
  out: Uint8ClampedArray = new Uint8ClampedArray(depth.length * 4),
): Uint8ClampedArray {
  if (out.length !== depth.length * 4) throw new RangeError('output size does not match');
  const n = depth.length;
  const out32 = new Uint32Array(out.buffer, out.byteOffset, n);
  const lut = DEPTH_LUT;
  let i = 0;
  // Four depth bytes per load where the buffer is aligned (little-endian).
  if (depth.byteOffset % 4 === 0) {
    const words = new Uint32Array(depth.buffer, depth.byteOffset, n >>> 2);
    for (let w = 0; w < words.length; w++, i += 4) {
      const word = words[w]!;
      out32[i] = lut[word & 255]!;
      out32[i + 1] = lut[(word >>> 8) & 255]!;
      out32[i + 2] = lut[(word >>> 16) & 255]!;
      out32[i + 3] = lut[word >>> 24]!;
    }
  }
  for (; i < n; i++) out32[i] = lut[depth[i]!]!;
  return out;
}

/** A CSS gradient of the colour map, far (left) to near (right), for the scale. */
export function depthGradientCss(stops = 11): string {
  const colors = Array.from({ length: stops }, (_, i) => {
    const [r, g, b] = turbo(i / (stops - 1));
    return `rgb(${r} ${g} ${b}) ${Math.round((100 * i) / (stops - 1))}%`;
  });
  return `linear-gradient(to right, ${colors.join(', ')})`;
}
