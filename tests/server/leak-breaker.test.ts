/**
 * The leak circuit-breaker: a daily ceiling on automatic recharges (count and amount), checked
 * under the wallet's lock, and a pause of a key whose spend jumps far above its usual. Runs on
 * PGlite and, with DATABASE_URL (as `.ci/run` does), on PostgreSQL where the calls truly overlap.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyCredits,
  createHarness,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let h: Harness;
let image: string;
beforeAll(async () => {
  h = await createHarness({ config: { spendSpike: { factor: 10, floorMicros: 20_000 } } });
  image = (await testImage('png', 24, 24)).toString('base64');
});
afterAll(async () => h?.close());

const rows = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

const call = (secret: string) =>
  h.callServices({
    method: 'POST',
    url: '/image-classification',
    headers: { 'api-key': secret },
    payload: { image },
  });

async function mailTo(to: string, subject: RegExp) {
  await h.deps.billing.idle();
  for (let i = 0; i < 30; i++) {
    const found = h.mail.messages.filter(
      (m: { to: string; subject: string }) => m.to.includes(to) && subject.test(m.subject),
    );
    if (found.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return h.mail.messages.filter(
        (m: { to: string; subject: string }) => m.to.includes(to) && subject.test(m.subject),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

const emailOf = (user: TestUser) => `${user.uid}@example.com`;

describe('the daily ceiling on automatic recharges', () => {
  it('stops the next recharge under concurrency, pauses auto-recharge and e-mails the owner once', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    await h.callApi({
      method: 'POST',
      url: '/v1/billing/payment-method/sandbox',
      headers: user.auth,
      payload: { card: 'succeeds' },
    });
    // Every call leaves the balance below $100: each one asks for a recharge.
    const saved = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: user.auth,
      payload: {
        auto_recharge: {
          enabled: true,
          threshold_usd: 100,
          amount_usd: 5,
          daily_ceiling: { max_recharges: 2, max_amount_usd: 1000 },
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().auto_recharge.daily_ceiling).toMatchObject({
      max_recharges: 2,
      max_amount_usd: 1000,
      today: { recharges: 0, amount_usd: 0 },
    });
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call(user.playgroundKey.key)),
      );
      expect(
        answers.every((a) => a.statusCode === 200),
        answers.map((a) => `${a.statusCode} ${a.body.slice(0, 300)}`).join('\n'),
      ).toBe(true);
      await h.deps.billing.idle();
    }
    const orgId = (
      await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth })
    ).json().id;
    const recharges = rows<{ n: number }>(
      await h.db.execute(
        sql`select count(*)::int as n from credit_orders where organization_id = ${orgId} and kind = 'auto_recharge' and status = 'succeeded'`,
      ),
    );
    expect(recharges[0]!.n).toBe(2);
    const settings = (
      await h.callApi({ method: 'GET', url: '/v1/billing/settings', headers: user.auth })
    ).json().auto_recharge;
    expect(settings.enabled).toBe(false);
    expect(settings.last_failure.message).toMatch(/Paused by the daily ceiling/);
    expect(settings.daily_ceiling.today).toEqual({ recharges: 2, amount_usd: 10 });
    const mails = await mailTo(emailOf(user), /paused by its daily ceiling/);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('check your API keys for a leak');
  });

  it('uses a sensible default and refuses a hostile ceiling', async () => {
    const user = await registerUser(h);
    const settings = (
      await h.callApi({ method: 'GET', url: '/v1/billing/settings', headers: user.auth })
    ).json();
    expect(settings.auto_recharge.daily_ceiling).toMatchObject({
      max_recharges: 3,
      max_amount_usd: 1000,
    });
    await h.callApi({
      method: 'POST',
      url: '/v1/billing/payment-method/sandbox',
      headers: user.auth,
      payload: { card: 'succeeds' },
    });
    for (const daily_ceiling of [
      { max_recharges: 0, max_amount_usd: 10 },
      { max_recharges: 51, max_amount_usd: 10 },
      { max_recharges: 2, max_amount_usd: 10.001 },
      { max_recharges: 2, max_amount_usd: -1 },
      { max_recharges: 2 },
    ]) {
      const res = await h.callApi({
        method: 'PUT',
        url: '/v1/billing/settings',
        headers: user.auth,
        payload: {
          auto_recharge: { enabled: true, threshold_usd: 5, amount_usd: 10, daily_ceiling },
        },
      });
      expect(res.statusCode, JSON.stringify(daily_ceiling)).toBe(400);
    }
  });
});

describe('a sudden jump in a key’s spend', () => {
  it('pauses the key after a quiet week, e-mails the owner once, and one click enables it again', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    const made = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name: 'leaky' },
      })
    ).json();
    // A quiet week: about $0.001 a day on average.
    await h.db.execute(
      sql`update api_keys set created_at = now() - interval '8 days', trailing_daily_micros = 1000, spend_day = (now() at time zone 'UTC')::date - 1, day_spend_micros = 1000 where id = ${made.id}`,
    );
    // A burst: the floor is $0.02 and ten times the average is $0.01, so the 11th call at
    // $0.002 (past $0.02) trips it; nothing after that is charged.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) statuses.push((await call(made.key)).statusCode);
    const firstRefused = statuses.indexOf(403);
    expect(firstRefused).toBeGreaterThan(5);
    expect(statuses.slice(firstRefused).every((s) => s === 403)).toBe(true);
    const refused = await call(made.key);
    expect(refused.json().error_message).toMatch(/paused/);
    const listed = (await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth }))
      .json()
      .api_keys.find((k: { id: string }) => k.id === made.id);
    expect(listed).toMatchObject({ disabled: true, disabled_reason: 'spend_spike' });
    const mails = await mailTo(emailOf(user), /paused/i);
    expect(mails.filter((m: { subject: string }) => /API key/.test(m.subject))).toHaveLength(1);
    expect(mails[0].text).toContain('leaky');
    // Other keys are not affected.
    expect((await call(user.playgroundKey.key)).statusCode).toBe(200);
    // One click: enabled again, and it works (the jump is forgiven for the rest of the day).
    const enabled = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/enable',
      headers: { ...user.auth, 'x-api-key': made.id },
    });
    expect(enabled.json()).toMatchObject({ disabled: false, disabled_reason: null });
    expect((await call(made.key)).statusCode).toBe(200);
  });
});
