/**
 * A fingerprint of an image's decoded pixels, to recognise the site's sample images after the
 * browser (or anyone) re-encoded, downscaled or converted them: the mean colour of each cell of a
 * fixed grid laid over the whole image, weighted by the share of each pixel inside the cell. Cell
 * means barely move under JPEG/WebP re-encoding or resampling, while a different picture, a crop,
 * a flip or a local edit moves at least one cell far away. Linear in the pixels.
 */

/** Cells per side: 32 × 32 cells × 3 channels. */
export const FINGERPRINT_GRID = 32;

/** Most a matching image's cells may differ, on average and at worst (0..255 per channel). */
export const MATCH_LIMITS = { meanDifference: 2, maxDifference: 16, aspectRatio: 0.01 } as const;

export interface Fingerprint {
  width: number;
  height: number;
  /** FINGERPRINT_GRID² cells, RGB, row by row. */
  cells: Uint8Array;
}

/**
 * Each source pixel along one axis covers [i, i + 1), which falls into one cell or straddles two
 * (the size is at least the grid, so never more): the first cell and the weight inside it.
 */
function axisWeights(size: number, grid: number) {
  const cell = new Uint16Array(size);
  const weight = new Float64Array(size);
  const step = size / grid;
  for (let i = 0; i < size; i++) {
    const c = Math.min(grid - 1, Math.floor(i / step));
    cell[i] = c;
    // The last cell takes its pixels whole (no rounding spill past the grid).
    weight[i] = c === grid - 1 ? 1 : Math.min(1, (c + 1) * step - i);
  }
  return { cell, weight };
}

/** The fingerprint of RGB pixels (3 bytes each), or null for images smaller than the grid. */
export function fingerprint(rgb: Uint8Array, width: number, height: number): Fingerprint | null {
  const grid = FINGERPRINT_GRID;
  if (width < grid || height < grid || rgb.length < width * height * 3) return null;
  const cols = axisWeights(width, grid);
  const rows = axisWeights(height, grid);
  const sums = new Float64Array(grid * grid * 3);
  const row = new Float64Array(grid * 3);
  for (let y = 0; y < height; y++) {
    row.fill(0);
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const c = cols.cell[x]! * 3;
      const w = cols.weight[x]!;
      const rest = 1 - w;
      row[c] += w * rgb[i]!;
      row[c + 1] += w * rgb[i + 1]!;
      row[c + 2] += w * rgb[i + 2]!;
      if (rest > 0) {
        row[c + 3] += rest * rgb[i]!;
        row[c + 4] += rest * rgb[i + 1]!;
        row[c + 5] += rest * rgb[i + 2]!;
      }
    }
    const r = rows.cell[y]!;
    const w = rows.weight[y]!;
    for (let k = 0; k < grid * 3; k++) {
      sums[r * grid * 3 + k] += w * row[k]!;
      if (w < 1) sums[(r + 1) * grid * 3 + k] += (1 - w) * row[k]!;
    }
  }
  const area = (width / grid) * (height / grid);
  const cells = new Uint8Array(sums.length);
  for (let k = 0; k < sums.length; k++) cells[k] = Math.round(sums[k]! / area);
  return { width, height, cells };
}

/** Mean and largest difference between two fingerprints' cells. */
export function fingerprintDistance(a: Uint8Array, b: Uint8Array): { mean: number; max: number } {
  let total = 0;
  let max = 0;
  for (let k = 0; k < a.length; k++) {
    const d = Math.abs(a[k]! - b[k]!);
    total += d;
    if (d > max) max = d;
  }
  return { mean: total / a.length, max };
}

/** Whether `candidate` shows the same picture as `reference` (same aspect ratio, close cells). */
export function sameImage(candidate: Fingerprint, reference: Fingerprint): boolean {
  const ratio = candidate.width / candidate.height / (reference.width / reference.height);
  if (Math.abs(ratio - 1) > MATCH_LIMITS.aspectRatio) return false;
  if (candidate.cells.length !== reference.cells.length) return false;
  const { mean, max } = fingerprintDistance(candidate.cells, reference.cells);
  return mean <= MATCH_LIMITS.meanDifference && max <= MATCH_LIMITS.maxDifference;
}
