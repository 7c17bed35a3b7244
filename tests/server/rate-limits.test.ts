/**
 * Rate-limit counters stay off the database's write path: each process counts in memory, and
 * with REDIS_URL (Valkey/Redis; .ci/run starts one for the PostgreSQL run) every process shares
 * one count. Redis going away does not take the service down: limits are skipped until it is
 * back.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './helpers';

const REDIS_URL = process.env.REDIS_URL;
const harnesses: Harness[] = [];
afterAll(async () => {
  for (const harness of harnesses) await harness.close();
});

/** A client address of its own per test, so counters of other runs never mix in. */
const someAddress = () => `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;

async function limited(max: number, redisUrl?: string) {
  const harness = await createHarness({
    config: { servicesIpRateLimit: { max, timeWindowMs: 60_000 }, redisUrl },
  });
  harnesses.push(harness);
  return harness;
}

const unknownPath = (harness: Harness, address: string, i: number) =>
  harness.services.inject({ method: 'POST', url: `/nope-${i}`, remoteAddress: address });

describe('rate limits in memory', () => {
  it('count per client address without a table or a write in the database', async () => {
    const harness = await limited(5);
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await unknownPath(harness, address, i)).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 429, 429]);
    const [table] = (
      (await harness.db.execute(
        sql`select to_regclass('rate_limit_counters') as name`,
      )) as unknown as { rows: Array<{ name: string | null }> }
    ).rows;
    expect(table!.name).toBeNull();
  });
});

describe.skipIf(!REDIS_URL)('rate limits on Redis (REDIS_URL)', () => {
  it('two processes share one count', async () => {
    const first = await limited(10, REDIS_URL);
    const second = await limited(10, REDIS_URL);
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 16; i++) {
      codes.push((await unknownPath(i % 2 ? second : first, address, i)).statusCode);
    }
    expect(codes.filter((code) => code === 404)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429, 429, 429, 429, 429]);
    const refused = await unknownPath(first, address, 99);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('Redis going away skips the limit instead of refusing everyone', async () => {
    const harness = await limited(3, REDIS_URL);
    harness.deps.redis!.disconnect();
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await unknownPath(harness, address, i)).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 404, 404]);
  });
});
