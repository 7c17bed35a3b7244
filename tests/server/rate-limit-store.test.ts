/**
 * The PostgreSQL rate-limit store coalesces concurrent increments of one key per process; every
 * caller must still get its own count, across processes too (two stores stand for two processes:
 * each has its own queue, both share the table). Runs on PGlite, and on PostgreSQL in CI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { postgresRateLimitStore } from '../../server/src/plugins/rate-limit-store';
import { freshDatabase } from './helpers';

type Store = ReturnType<typeof postgresRateLimitStore>;

let handle: DatabaseHandle;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await freshDatabase();
  drop = database.drop;
  handle = await openDatabase(database.options);
});

afterAll(async () => {
  await handle.close();
  await drop();
});

function incr(Store: Store, key: string, windowMs = 60_000) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    new Store().incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs),
  );
}

describe('PostgreSQL rate-limit store', () => {
  it('gives 120 concurrent increments from two processes the counts 1 to 120, each once', async () => {
    const first = postgresRateLimitStore(handle.db, 'test');
    const second = postgresRateLimitStore(handle.db, 'test');
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => incr(i % 2 === 0 ? first : second, 'ip:1')),
    );
    const counts = results.map((r) => r.current).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    for (const { ttl } of results) {
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
    // Another key has its own counter.
    expect((await incr(first, 'ip:2')).current).toBe(1);
  });

  it('starts again from 1 once the window has passed', async () => {
    const store = postgresRateLimitStore(handle.db, 'test');
    await Promise.all([incr(store, 'short', 200), incr(store, 'short', 200)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = await Promise.all([incr(store, 'short', 200), incr(store, 'short', 200)]);
    expect(again.map((r) => r.current).sort()).toEqual([1, 2]);
  });
});
