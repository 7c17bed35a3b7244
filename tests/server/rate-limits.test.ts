/**
 * Rate-limit counters stay off the database's write path: each process counts in memory, and
 * with REDIS_URL (Valkey/Redis; .ci/run starts one for the PostgreSQL run) every process shares
 * one count. Redis going away does not take the service down: limits are skipped until it is
 * back.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../../server/src/config';
import { createHarness, emulatorToken, registerUser, type Harness } from './helpers';

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

// ------------------------------------------------------------------ issue 31: per route, per user

async function harnessWith(config: Partial<ServerConfig>) {
  const harness = await createHarness({ config });
  harnesses.push(harness);
  return harness;
}

const feedback = (harness: Harness, address: string, headers: Record<string, string> = {}) =>
  harness.api.inject({
    method: 'POST',
    url: '/v1/email',
    remoteAddress: address,
    headers,
    payload: { email: 'reader@example.com', subject: 'Hello', body: 'A question', pageId: 'docs' },
  });

const organizations = (harness: Harness, address: string, authorization: string) =>
  harness.api.inject({
    method: 'GET',
    url: '/v1/organizations',
    remoteAddress: address,
    headers: { authorization },
  });

describe('the signed-out /v1/email has a limit of its own per client address', () => {
  it('past FEEDBACK_RATE_LIMIT_MAX an hour: 429 with Retry-After; another address is not affected', async () => {
    const harness = await harnessWith({
      feedbackRateLimit: { max: 3, timeWindowMs: 3_600_000 },
    });
    const address = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await feedback(harness, address)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429, 429]);
    const refused = await feedback(harness, address);
    expect(refused.json().code).toBe('rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3_000);
    // Signing in does not open a second count from the same address.
    const token = emulatorToken(`user-${randomUUID()}`, { email_verified: true });
    expect(
      (await feedback(harness, address, { authorization: `Bearer ${token}` })).statusCode,
    ).toBe(429);
    expect((await feedback(harness, someAddress())).statusCode).toBe(200);
    // Only 3 of them reached the support inbox.
    expect(
      harness.mail.messages.filter((m: { subject: string }) => m.subject.startsWith('[Feedback]')),
    ).toHaveLength(4);
  });

  it('50 concurrent messages from one address: never more than the limit pass', async () => {
    const harness = await harnessWith({
      feedbackRateLimit: { max: 5, timeWindowMs: 3_600_000 },
    });
    const address = someAddress();
    const answers = await Promise.all(Array.from({ length: 50 }, () => feedback(harness, address)));
    // At most the limit (the in-memory store reads its shared counter after the burst, so a
    // burst may be refused whole: it errs on the side of refusing).
    expect(answers.filter((a) => a.statusCode === 200).length).toBeLessThanOrEqual(5);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 429)).toBe(true);
    expect((await feedback(harness, address)).statusCode).toBe(429);
  });
});

describe('the account API limits per caller as well as per address', () => {
  it('one person from many addresses is limited; another person on the same address is not', async () => {
    const harness = await harnessWith({ userRateLimit: { max: 5, timeWindowMs: 60_000 } });
    const alice = `Bearer ${emulatorToken(`user-${randomUUID()}`, { email_verified: true })}`;
    const bob = `Bearer ${emulatorToken(`user-${randomUUID()}`, { email_verified: true })}`;
    const shared = someAddress();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      codes.push((await organizations(harness, someAddress(), alice)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const refused = await organizations(harness, shared, alice);
    expect(refused.json()).toMatchObject({
      code: 'rate_limited',
      details: { scope: 'account', limit: 5, window_seconds: 60 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.parse(refused.json().details.resets_at)).toBeGreaterThan(Date.now());
    expect((await organizations(harness, shared, bob)).statusCode).toBe(200);
  });

  it('forged or expired tokens naming a person do not spend that person’s count', async () => {
    const harness = await harnessWith({ userRateLimit: { max: 3, timeWindowMs: 60_000 } });
    const uid = `user-${randomUUID()}`;
    const forged = `Bearer ${emulatorToken(uid, { projectId: 'another-project' })}`;
    const expired = `Bearer ${emulatorToken(uid, { expiresIn: -10 })}`;
    for (let i = 0; i < 10; i++) {
      expect(
        (await organizations(harness, someAddress(), i % 2 ? forged : expired)).statusCode,
      ).toBe(401);
    }
    const real = `Bearer ${emulatorToken(uid, { email_verified: true })}`;
    expect((await organizations(harness, someAddress(), real)).statusCode).toBe(200);
  });

  it('an admin key is counted on its own', async () => {
    const harness = await harnessWith({ userRateLimit: { max: 4, timeWindowMs: 60_000 } });
    const owner = await registerUser(harness);
    const created = await harness.api.inject({
      method: 'POST',
      url: '/v1/admin-keys',
      headers: owner.auth,
      payload: { name: 'ci', role: 'viewer' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const adminKey = `Bearer ${created.json().key}`;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await harness.api.inject({
        method: 'GET',
        url: '/v1/team/members',
        remoteAddress: someAddress(),
        headers: { authorization: adminKey },
      });
      codes.push(answer.statusCode);
      if (answer.statusCode === 429) expect(answer.json().details.scope).toBe('admin_key');
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe.skipIf(!REDIS_URL)('per-caller and per-route limits on Redis (REDIS_URL)', () => {
  it('two processes share one count per person and one per address on /v1/email', async () => {
    const config = {
      redisUrl: REDIS_URL,
      userRateLimit: { max: 6, timeWindowMs: 60_000 },
      feedbackRateLimit: { max: 4, timeWindowMs: 3_600_000 },
    };
    const first = await harnessWith(config);
    const second = await harnessWith(config);
    const person = `Bearer ${emulatorToken(`user-${randomUUID()}`, { email_verified: true })}`;
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) {
      codes.push((await organizations(i % 2 ? second : first, someAddress(), person)).statusCode);
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(6);
    const address = someAddress();
    const mails: number[] = [];
    for (let i = 0; i < 8; i++)
      mails.push((await feedback(i % 2 ? second : first, address)).statusCode);
    expect(mails.filter((code) => code === 200)).toHaveLength(4);
  });
});
