import { describe, expect, it } from 'vitest';
import { segmentColor, textColorOn } from '../../src/playground/colors';
import { colorizeDepth, DEPTH_LUT, depthGradientCss, turbo } from '../../src/playground/depth';
import { fitWithin, needsDownscale, shrinkStep } from '../../src/playground/downscale';
import { compositeMasks, grayFromRgba, maskCoverage } from '../../src/playground/masks';
import { boxesToOverlay, labelColors } from '../../src/playground/overlay';
import { buildCodeSamples, maskKey } from '../../src/playground/code-samples';
import { DEPLOYMENT_DOCS } from '../../src/generated/reference';

describe('downscale math', () => {
  it('fits the long side within the limit and keeps the aspect ratio', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2048)).toEqual({
      width: 2048,
      height: 1536,
      scale: 0.512,
    });
    expect(fitWithin({ width: 3000, height: 4000 }, 2048)).toMatchObject({
      width: 1536,
      height: 2048,
    });
  });
  it('never upscales', () => {
    expect(fitWithin({ width: 800, height: 600 }, 2048)).toEqual({
      width: 800,
      height: 600,
      scale: 1,
    });
  });
  it('keeps at least one pixel on extreme aspect ratios', () => {
    expect(fitWithin({ width: 100_000, height: 10 }, 2048)).toMatchObject({
      width: 2048,
      height: 1,
    });
  });
  it('downscales when the long side or the byte size is over the limit', () => {
    const limit = 10 * 1024 * 1024;
    expect(needsDownscale({ width: 2048, height: 1000 }, 1000, limit)).toBe(false);
    expect(needsDownscale({ width: 2049, height: 1000 }, 1000, limit)).toBe(true);
    expect(needsDownscale({ width: 100, height: 100 }, limit + 1, limit)).toBe(true);
  });
  it('halves the area on each retry', () => {
    const next = shrinkStep({ width: 2000, height: 1000 });
    expect(next.width * next.height).toBeCloseTo(1_000_000, -4);
  });
});

describe('mask colouring', () => {
  const w = 4;
  const h = 2;
  const a = Uint8Array.from([255, 255, 0, 0, 0, 0, 0, 0]);
  const b = Uint8Array.from([0, 255, 255, 0, 0, 0, 0, 0]);
  it('paints each mask in its colour, later masks on top, outside transparent', () => {
    const out = compositeMasks(
      [
        { mask: a, color: [10, 20, 30] },
        { mask: b, color: [200, 100, 50] },
      ],
      w,
      h,
    );
    expect(Array.from(out.slice(0, 4))).toEqual([10, 20, 30, 255]);
    expect(Array.from(out.slice(4, 8))).toEqual([200, 100, 50, 255]);
    expect(Array.from(out.slice(8, 12))).toEqual([200, 100, 50, 255]);
    expect(Array.from(out.slice(12, 16))).toEqual([0, 0, 0, 0]);
  });
  it('skips hidden layers and clears a reused buffer', () => {
    const buffer = new Uint8ClampedArray(w * h * 4).fill(9);
    const out = compositeMasks([{ mask: a, color: [1, 2, 3], visible: false }], w, h, buffer);
    expect(out.every((v) => v === 0)).toBe(true);
  });
  it('refuses masks of the wrong size', () => {
    expect(() => compositeMasks([{ mask: new Uint8Array(3), color: [1, 2, 3] }], w, h)).toThrow(
      RangeError,
    );
  });
  it('reads a grayscale PNG’s pixels and measures coverage', () => {
    const rgba = Uint8ClampedArray.from([255, 255, 255, 255, 0, 0, 0, 255]);
    expect(Array.from(grayFromRgba(rgba))).toEqual([255, 0]);
    expect(maskCoverage(a)).toBe(0.25);
  });
  it('gives distinct colours to the first segments and readable text on them', () => {
    const colors = Array.from({ length: 30 }, (_, i) => segmentColor(i).join(','));
    expect(new Set(colors).size).toBe(30);
    expect(textColorOn([255, 255, 0])).toBe('#000');
    expect(textColorOn([0, 0, 128])).toBe('#fff');
  });
});

describe('depth colour map', () => {
  it('maps far (low) to blue and near (high) to red', () => {
    const [r0, , b0] = turbo(0.1);
    const [r1, , b1] = turbo(0.95);
    expect(b0).toBeGreaterThan(r0);
    expect(r1).toBeGreaterThan(b1);
  });
  it('colours every pixel through the lookup table, opaque', () => {
    const depth = Uint8Array.from([0, 128, 255]);
    const out = colorizeDepth(depth);
    for (let i = 0; i < 3; i++) {
      const [r, g, b] = turbo(depth[i]! / 255);
      expect(Array.from(out.slice(i * 4, i * 4 + 4))).toEqual([r, g, b, 255]);
    }
    expect(DEPTH_LUT).toHaveLength(256);
  });
  it('describes the scale as a CSS gradient', () => {
    expect(depthGradientCss(3)).toMatch(
      /^linear-gradient\(to right, rgb\(.+\) 0%, rgb\(.+\) 50%, rgb\(.+\) 100%\)$/,
    );
  });
});

describe('result to overlay', () => {
  const detections = [
    { label: 'person', score: 0.912, box: { x_min: 100, y_min: 0, x_max: 300, y_max: 400 } },
    { label: 'car', score: 0.5, box: { x_min: 700, y_min: 500, x_max: 900, y_max: 700 } },
    { label: 'person', score: 0.31, box: { x_min: 50, y_min: 50, x_max: 10, y_max: 20 } },
  ];
  it('turns pixel boxes into percentages of the image, clamped, named "label score"', () => {
    const boxes = boxesToOverlay(detections, 800, 600);
    expect(boxes).toHaveLength(3);
    expect(boxes[0]).toMatchObject({
      text: 'person 0.91',
      left: 12.5,
      top: 0,
      width: 25,
      chipInside: true,
    });
    expect(boxes[0]!.height).toBeCloseTo(66.667, 2);
    // Clamped to the image (800 × 600).
    expect(boxes[1]).toMatchObject({ left: 87.5, width: 12.5 });
    expect(boxes[1]!.top + boxes[1]!.height).toBeCloseTo(100);
    // Swapped corners are normalised.
    expect(boxes[2]).toMatchObject({ left: 1.25, width: 5 });
  });
  it('keeps each chip inside the image: aligned with the roomier side, capped at that room', () => {
    const boxes = boxesToOverlay(detections, 800, 600);
    // person: 12.5%–37.5% wide; more room rightwards (87.5% of the image = 3.5 box widths).
    expect(boxes[0]).toMatchObject({ chipAlign: 'left', chipRoom: 3.5, chipRoomAbove: 0 });
    // car: against the right edge; the chip ends at the box's right side, with 8 box widths.
    expect(boxes[1]).toMatchObject({ chipAlign: 'right', chipRoom: 8 });
    expect(boxes[1]!.chipRoomAbove).toBeCloseTo(500 / 600 / (100 / 600), 5);
    const [flat] = boxesToOverlay(
      [{ label: 'line', box: { x_min: 400, y_min: 10, x_max: 400, y_max: 10 } }],
      800,
      600,
    );
    expect(flat).toMatchObject({ chipAlign: 'left', chipRoomAbove: 0 });
    expect(flat!.chipRoom).toBeGreaterThan(100);
  });
  it('gives one colour per label', () => {
    const boxes = boxesToOverlay(detections, 800, 600);
    expect(boxes[0]!.color).toEqual(boxes[2]!.color);
    expect(boxes[0]!.color).not.toEqual(boxes[1]!.color);
    expect(labelColors(['a', 'b', 'a']).size).toBe(2);
  });
});

describe('code samples', () => {
  it('carry the endpoint, the key and every parameter in each language', () => {
    const samples = buildCodeSamples(
      DEPLOYMENT_DOCS['zero-shot-object-detection'],
      'http://localhost:4020/',
      'vapi_secret',
    );
    expect(Object.keys(samples)).toEqual([
      'curl',
      'typescript',
      'python-sdk',
      'cli',
      'python',
      'javascript',
    ]);
    for (const code of Object.values(samples)) {
      expect(code).toContain('http://localhost:4020');
      expect(code).not.toContain('http://localhost:4020//');
      expect(code).toContain('vapi_secret');
      expect(code).toContain('queries');
      expect(code).toContain('confidence_threshold');
    }
    for (const code of [samples.curl, samples.python, samples.javascript])
      expect(code).toContain('http://localhost:4020/zero-shot-object-detection');
    expect(samples.curl).toContain(`-F 'queries=["person","red car","traffic light"]'`);
    expect(samples.typescript).toContain("queries: ['person', 'red car', 'traffic light'],");
    expect(samples['python-sdk']).toContain('queries=["person", "red car", "traffic light"],');
    expect(samples.cli).toContain(
      "npx visionapi run zero-shot-object-detection photo.jpg \\\n  --param queries=person \\\n  --param 'queries=red car'",
    );
  });
  it('mask a key, keeping its prefix and last four characters', () => {
    expect(maskKey('vapi_abcd1234efgh5678')).toBe('vapi_abcd••••••••••••5678');
    expect(maskKey('va_test_Ab3dEfGh1jKlMn0pQrStUvWxYz012x7Qe')).toBe(
      'va_test_Ab3d••••••••••••x7Qe',
    );
    expect(maskKey('va_live_Ab3dEfGh1jKlMn0pQrStUvWxYz012x7Qe')).toMatch(/^va_live_Ab3d•{12}x7Qe$/);
    expect(maskKey('short')).toBe('•••••');
  });
});
