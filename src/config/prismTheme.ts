/**
 * The code-block theme: prism-react-renderer's GitHub theme with every token colour darkened
 * until it reaches WCAG AA contrast (4.5:1) on the code background. The stock theme's comment,
 * string, number and keyword colours fall below it.
 */
import { themes, type PrismTheme } from 'prism-react-renderer';

const MIN_CONTRAST = 4.6;

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(foreground: string, background: string): number {
  const [a, b] = [luminance(channels(foreground)), luminance(channels(background))].sort(
    (x, y) => y - x,
  );
  return (a + 0.05) / (b + 0.05);
}

/** Darkens `color` in 5% steps until it reads on `background`. */
export function readableOn(color: string, background: string): string {
  let rgb = channels(color);
  const hex = () => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
  while (contrast(hex(), background) < MIN_CONTRAST) {
    rgb = rgb.map((c) => c * 0.95) as [number, number, number];
  }
  return hex();
}

const base = themes.github;
const background = base.plain.backgroundColor ?? '#ffffff';

export const codeTheme: PrismTheme = {
  plain: base.plain,
  styles: base.styles.map((entry) => ({
    ...entry,
    style: entry.style.color
      ? { ...entry.style, color: readableOn(entry.style.color, background) }
      : entry.style,
  })),
};
