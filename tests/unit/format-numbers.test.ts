import { describe, expect, it, vi } from 'vitest';
import { grouped, usd, usdBalance, usdCents } from '@site/src/format/numbers';

describe('number formatting', () => {
  it('writes dollars with 2 to 6 decimals and a leading sign', () => {
    expect(usd(25)).toBe('$25.00');
    expect(usd(0.004)).toBe('$0.004');
    expect(usd(0.0000015)).toBe('$0.000002');
    expect(usd(-1250.5)).toBe('-$1,250.50');
  });

  it('writes money held, paid or added up to the cent, and an amount under a cent exactly', () => {
    expect(usdCents(24.976)).toBe('$24.98');
    expect(usdCents(24.996)).toBe('$25.00');
    expect(usdCents(25)).toBe('$25.00');
    expect(usdCents(1250.5)).toBe('$1,250.50');
    expect(usdCents(-3.5)).toBe('-$3.50');
    expect(usdCents(0)).toBe('$0.00');
    // Never $0.00 for money that was spent.
    expect(usdCents(0.004)).toBe('$0.004');
    expect(usdCents(0.008)).toBe('$0.008');
    expect(usdCents(-0.004)).toBe('-$0.004');
    expect(usdCents(0.01)).toBe('$0.01');
  });

  it('writes a balance to the cent rounded down, never more than the wallet holds', () => {
    expect(usdBalance(4.996)).toBe('$4.99');
    expect(usdBalance(24.976)).toBe('$24.97');
    expect(usdBalance(25)).toBe('$25.00');
    expect(usdBalance(1250.5)).toBe('$1,250.50');
    // A debt is not made smaller.
    expect(usdBalance(-3.504)).toBe('-$3.51');
    expect(usdBalance(-3.5)).toBe('-$3.50');
    expect(usdBalance(0.004)).toBe('$0.004');
    expect(usdBalance(0)).toBe('$0.00');
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
