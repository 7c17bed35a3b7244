import { describe, expect, it } from 'vitest';
import { codeTheme, contrast, readableOn } from '../../src/config/prismTheme';

describe('code block theme', () => {
  it('gives every token colour at least 4.5:1 contrast on the code background', () => {
    const background = codeTheme.plain.backgroundColor!;
    for (const entry of codeTheme.styles) {
      if (entry.style.color)
        expect(contrast(entry.style.color, background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves colours that already read untouched', () => {
    expect(readableOn('#393a34', '#f6f8fa')).toBe('#393a34');
  });

  it('darkens faint colours', () => {
    expect(contrast('#999988', '#f6f8fa')).toBeLessThan(4.5);
    expect(contrast(readableOn('#999988', '#f6f8fa'), '#f6f8fa')).toBeGreaterThanOrEqual(4.5);
  });
});
