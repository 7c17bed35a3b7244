/** Distinct, stable colours for labels and segments (no dependencies). */
export type Rgb = readonly [number, number, number];

/** Hand-picked, colour-blind-friendly first colours; then golden-angle hues. */
const PALETTE: Rgb[] = [
  [230, 25, 75],
  [60, 180, 75],
  [0, 130, 200],
  [245, 130, 48],
  [145, 30, 180],
  [70, 240, 240],
  [240, 50, 230],
  [210, 245, 60],
  [0, 128, 128],
  [170, 110, 40],
];

export function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

export function segmentColor(index: number): Rgb {
  if (index < PALETTE.length) return PALETTE[index]!;
  return hslToRgb((index * 137.508) % 360, 0.7, 0.5);
}

export const rgbCss = ([r, g, b]: Rgb, alpha = 1): string =>
  alpha === 1 ? `rgb(${r} ${g} ${b})` : `rgb(${r} ${g} ${b} / ${alpha})`;

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
export function textColorOn([r, g, b]: Rgb): '#000' | '#fff' {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.179 ? '#000' : '#fff';
}
