/** The pooled random bytes (server/src/lib/random-pool.ts): sizes, no byte handed out twice. */
import { describe, expect, it } from 'vitest';
import { pooledRandomBytes } from '../../server/src/lib/random-pool';

describe('pooled random bytes', () => {
  it('hands out copies of the requested size, across refills, never the same bytes twice', () => {
    const seen = new Set<string>();
    // 3,000 × 20 bytes: about 15 refills of the 4 KB pool.
    for (let i = 0; i < 3000; i++) {
      const bytes = pooledRandomBytes(20);
      expect(bytes).toHaveLength(20);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(3000);
    const first = pooledRandomBytes(16);
    const copy = Buffer.from(first);
    for (let i = 0; i < 400; i++) pooledRandomBytes(16);
    // A handed-out buffer is the caller's: a refill of the pool does not change it.
    expect(first.equals(copy)).toBe(true);
    expect(pooledRandomBytes(10_000)).toHaveLength(10_000);
  });

  it('is not constant: bytes are spread over every value', () => {
    const counts = new Array(256).fill(0);
    for (let i = 0; i < 400; i++) for (const byte of pooledRandomBytes(64)) counts[byte]++;
    // 25,600 bytes: every value about 100 times; none missing.
    expect(Math.min(...counts)).toBeGreaterThan(40);
  });
});
