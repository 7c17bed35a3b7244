import { describe, expect, it, vi } from 'vitest';
import { grouped, usd, usdBalance, usdCents } from '@site/src/format/numbers';

describe('number formatting', () => {
  it('writes dollars with 2 to 6 decimals and a leading sign', () => {
    expect(usd(25)).toBe('$25.00');
    expect(usd(0.004)).toBe('$0.004');
    expect(usd(0.0000015)).toBe('$0.000002');
    expect(usd(-1250.5)).toBe('-$1,250.50');
  });

  it('writes every amount exactly, never rounded to the cent (issue 32)', () => {
    // Three $0.004 calls are $0.012, not "$0.01"; a balance of $19.988 is not "$19.98".
    expect(usdCents(0.004 * 3)).toBe('$0.012');
    expect(usdBalance(19.988)).toBe('$19.988');
    expect(usdCents(24.976)).toBe('$24.976');
    expect(usdCents(25)).toBe('$25.00');
    expect(usdCents(1250.5)).toBe('$1,250.50');
    expect(usdCents(-3.5)).toBe('-$3.50');
    expect(usdCents(0)).toBe('$0.00');
    expect(usdCents(-0.004)).toBe('-$0.004');
    expect(usdBalance(-3.504)).toBe('-$3.504');
  });

  it('adds up: a total written equals the rows written, for sub-cent amounts', () => {
    const rows = [0.004, 0.004, 0.004, 0.002, 0.006];
    const micros = rows.map((usdAmount) => Math.round(usdAmount * 1_000_000));
    const total = micros.reduce((a, b) => a + b, 0) / 1_000_000;
    const parse = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 1_000_000);
    expect(parse(usdCents(total))).toBe(rows.map((r) => parse(usd(r))).reduce((a, b) => a + b, 0));
    expect(usdCents(total)).toBe('$0.02');
  });

  it('groups as toLocaleString("en-US") does', () => {
    for (const value of [10000, 5.5, 1_000_000_000, 0.1234]) {
      expect(grouped(value)).toBe(value.toLocaleString('en-US'));
    }
  });

  it('builds one formatter per style, however many numbers it formats', () => {
    const spy = vi.spyOn(Intl, 'NumberFormat');
    for (let i = 0; i < 50; i += 1) {
      usd(i / 7);
      usdCents(i / 7);
      usdBalance(i / 7 - 3);
      grouped(i * 1000);
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
