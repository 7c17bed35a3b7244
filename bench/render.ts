/**
 * Rendering a 12-megapixel (4000 × 3000) result on typed arrays, without a
 * canvas: compositing 12 segment masks, colouring a depth map, and laying
 * out 100 boxes. These are the CPU steps the playground runs after decoding;
 * target: under 200 ms in total. `npm run bench:render`
 */
import { performance } from 'node:perf_hooks';
import { segmentColor } from '../src/playground/colors';
import { colorizeDepth } from '../src/playground/depth';
import { compositeMasks } from '../src/playground/masks';
import { boxesToOverlay } from '../src/playground/overlay';

const W = 4000;
const H = 3000;
const PIXELS = W * H;
const RUNS = 7;

function makeMasks(count: number): Uint8Array[] {
  return Array.from({ length: count }, (_, k) => {
    const mask = new Uint8Array(PIXELS);
    // A blob per segment (an ellipse with a wavy edge), as real masks are.
    const cx = ((k + 1) * W) / (count + 1);
    const cy = H / 2 + ((k % 3) - 1) * (H / 5);
    const rx = W / (count + 1);
    const ry = H / 3;
    for (let y = 0; y < H; y++) {
      const dy = (y - cy) / ry;
      for (let x = 0; x < W; x++) {
        const dx = (x - cx) / rx;
        const wave = 0.08 * Math.sin((x + y) / 23);
        if (dx * dx + dy * dy < 1 + wave) mask[y * W + x] = 255;
      }
    }
    return mask;
  });
}

const masks = makeMasks(12);
const depth = new Uint8Array(PIXELS);
for (let i = 0; i < PIXELS; i++) depth[i] = (i / W) & 255;
const detections = Array.from({ length: 100 }, (_, i) => ({
  label: `label ${i % 18}`,
  score: (i % 100) / 100,
  box: {
    x_min: (i * 37) % W,
    y_min: (i * 53) % H,
    x_max: ((i * 37) % W) + 300,
    y_max: ((i * 53) % H) + 200,
  },
}));
const maskOut = new Uint8ClampedArray(PIXELS * 4);
const depthOut = new Uint8ClampedArray(PIXELS * 4);

function time(fn: () => void): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const coverage = new Float64Array(masks.length);
const results: Record<string, number[]> = { masks: [], depth: [], boxes: [] };
for (let run = 0; run < RUNS; run++) {
  results.masks!.push(
    time(() =>
      compositeMasks(
        masks.map((mask, i) => ({ mask, color: segmentColor(i) })),
        W,
        H,
        maskOut,
        coverage,
      ),
    ),
  );
  results.depth!.push(time(() => colorizeDepth(depth, depthOut)));
  results.boxes!.push(time(() => boxesToOverlay(detections, W, H)));
}

const masksMs = median(results.masks!);
const depthMs = median(results.depth!);
const boxesMs = median(results.boxes!);
// A result is one kind: boxes (detection), masks (+ boxes for instance) or a depth map.
const kinds: Array<[string, number]> = [
  ['detection (100 boxes)', boxesMs],
  ['segmentation (12 masks + legend + 100 boxes)', masksMs + boxesMs],
  ['depth (heat-map)', depthMs],
];
console.log(`12-megapixel result (${W} × ${H}) on typed arrays, median of ${RUNS} runs:`);
for (const [name, ms] of kinds) console.log(`  ${name.padEnd(46)} ${ms.toFixed(1)} ms`);
const worst = Math.max(...kinds.map(([, ms]) => ms));
console.log(
  `  worst case ${worst.toFixed(1)} ms (target < 200 ms): ${worst < 200 ? 'OK' : 'OVER'}`,
);
console.log(`  (all three steps together: ${(masksMs + depthMs + boxesMs).toFixed(1)} ms)`);
