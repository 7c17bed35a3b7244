/**
 * Payments that only count what was paid: a Stripe event credits an order only when the
 * PaymentIntent's id, amount and currency match it; refunds and disputes take credits back
 * exactly once as compensating ledger entries (replays included), even below zero, and a
 * negative wallet cannot make metered calls. The database itself refuses a negative balance to
 * anything but a compensation.
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentIntent } from '../../server/src/payments/provider';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  createHarness,
  recordedAnswers,
  registerUser,
  STRIPE_TEST_CONFIG,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

const createPaymentIntent: CreatePaymentIntent = async ({ orderId }) => ({
  providerReference: `pi_test_${orderId}`,
  clientSecret: `pi_test_${orderId}_secret_abc`,
});
const stripe = new Stripe(STRIPE_TEST_CONFIG.secretKey);

let h: Harness;
const logLines: string[] = [];
beforeAll(async () => {
  h = await createHarness({
    stripe: true,
    createPaymentIntent,
    log: (line) => logLines.push(line),
  });
});
afterAll(async () => h?.close());

let eventCounter = 0;
const nextEventId = () => `evt_test_${Date.now()}_${eventCounter++}`;

function event(type: string, object: Record<string, unknown>, id = nextEventId()) {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

function intentSucceeded(
  orderId: string,
  overrides: { id?: string; amount?: number; currency?: string } = {},
) {
  const amount = overrides.amount ?? 4200;
  return event('payment_intent.succeeded', {
    id: overrides.id ?? `pi_test_${orderId}`,
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: overrides.currency ?? 'usd',
    status: 'succeeded',
    latest_charge: `ch_test_${orderId}`,
    metadata: { order_id: orderId },
  });
}

function chargeRefunded(orderId: string, amountRefunded: number, id?: string) {
  return event(
    'charge.refunded',
    {
      id: `ch_test_${orderId}`,
      object: 'charge',
      amount: 4200,
      amount_refunded: amountRefunded,
      currency: 'usd',
      payment_intent: `pi_test_${orderId}`,
      refunded: amountRefunded >= 4200,
    },
    id,
  );
}

function dispute(type: string, orderId: string, status: string, id?: string) {
  return event(
    type,
    {
      id: `dp_test_${orderId}`,
      object: 'dispute',
      amount: 4200,
      currency: 'usd',
      charge: `ch_test_${orderId}`,
      payment_intent: `pi_test_${orderId}`,
      status,
    },
    id,
  );
}

function deliver(payload: string) {
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: STRIPE_TEST_CONFIG.webhookSecret,
  });
  return h.callApi({
    method: 'POST',
    url: '/v1/credits/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function orderFor(user: TestUser, usd = 42): Promise<string> {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/credits',
    headers: user.auth,
    payload: { price_in_usd: usd },
  });
  expect(res.statusCode).toBe(200);
  return res.json().order_id;
}

const balanceOf = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits as number;

const transactionsOf = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/transaction?limit=100', headers: user.auth })).json()
    .transactions as Array<{ kind: string; amount_usd: number; balance_after_usd: number }>;

async function paidUser(): Promise<{ user: TestUser; orderId: string }> {
  const user = await registerUser(h);
  const orderId = await orderFor(user);
  expect((await deliver(intentSucceeded(orderId))).statusCode).toBe(200);
  expect(await balanceOf(user)).toBe(42);
  return { user, orderId };
}

describe('a payment event credits only what was paid for the order', () => {
  it.each([
    ['the amount differs', { amount: 420000 }, 'amount differs'],
    ['the currency differs', { currency: 'eur' }, 'currency differs'],
    ['the PaymentIntent id differs', { id: 'pi_someone_else' }, 'payment intent id differs'],
  ])(
    'credits nothing when %s, and logs only the event id and reason',
    async (_, overrides, reason) => {
      const user = await registerUser(h);
      const orderId = await orderFor(user);
      const payload = intentSucceeded(orderId, overrides);
      const before = logLines.length;
      const res = await deliver(payload);
      const logged = logLines.slice(before).join('\n');
      expect(res.statusCode).toBe(200);
      expect(await balanceOf(user)).toBe(0);
      const order = await h.callApi({
        method: 'GET',
        url: `/v1/credits/orders/${orderId}`,
        headers: user.auth,
      });
      expect(order.json()).toMatchObject({ status: 'requires_payment', payment: null });
      expect(logged).toContain(reason);
      expect(logged).toContain(JSON.parse(payload).id);
      // No part of the body beyond the event id is logged.
      expect(logged).not.toContain(orderId);
      expect(logged).not.toContain('payment_intent');
      // The genuine event still credits afterwards.
      expect((await deliver(intentSucceeded(orderId))).statusCode).toBe(200);
      expect(await balanceOf(user)).toBe(42);
    },
  );
});

describe('refunds and disputes take credits back exactly once', () => {
  it('a partial then a full refund post the differences, replays and stale events post nothing', async () => {
    const { user, orderId } = await paidUser();
    const partial = chargeRefunded(orderId, 1000);
    expect((await deliver(partial)).json()).toEqual({ received: true, duplicate: false });
    expect(await balanceOf(user)).toBe(32);
    // The same event again, and a different event reporting the same cumulative amount.
    expect((await deliver(partial)).json()).toEqual({ received: true, duplicate: true });
    expect((await deliver(chargeRefunded(orderId, 1000))).json().duplicate).toBe(true);
    expect(await balanceOf(user)).toBe(32);
    await deliver(chargeRefunded(orderId, 4200));
    expect(await balanceOf(user)).toBe(0);
    // An older, smaller cumulative amount arriving late changes nothing.
    await deliver(chargeRefunded(orderId, 2000));
    expect(await balanceOf(user)).toBe(0);
    const payments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments;
    expect(payments[0]).toMatchObject({ status: 'refunded', refunded_usd: 42, amount_usd: 42 });
    const refunds = (await transactionsOf(user)).filter((t) => t.kind === 'refund');
    expect(refunds.map((t) => t.amount_usd).sort((a, b) => a - b)).toEqual([-32, -10]);
  });

  it('a refund of spent credits takes the wallet below zero, and a negative wallet cannot call', async () => {
    const { user, orderId } = await paidUser();
    // Spend $40 of the $42 at $10 a call.
    await h.db.execute(
      sql`update deployments set price_per_call_micros = 10000000 where path = 'image-classification'`,
    );
    try {
      const image = (await testImage('png', 16, 16)).toString('base64');
      for (let i = 0; i < 4; i++) {
        const call = await h.callServices({
          method: 'POST',
          url: '/image-classification',
          headers: { 'api-key': user.playgroundKey.key },
          payload: { image },
        });
        expect(call.statusCode).toBe(200);
      }
    } finally {
      await h.db.execute(
        sql`update deployments set price_per_call_micros = 2000 where path = 'image-classification'`,
      );
    }
    expect(await balanceOf(user)).toBe(2);
    await deliver(chargeRefunded(orderId, 4200));
    expect(await balanceOf(user)).toBe(-40);
    const refused = await h.callServices({
      method: 'POST',
      url: '/object-detection',
      headers: { 'api-key': user.playgroundKey.key },
      payload: { image: (await testImage()).toString('base64') },
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error_message).toMatch(/balance is negative \(\$-40\)/);
    const org = await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth });
    expect(org.json().wallet_balance).toBe(-40);
    // A top-up brings it back up, even while it stays negative after the first one.
    const topUp = await orderFor(user, 42);
    await deliver(intentSucceeded(topUp));
    expect(await balanceOf(user)).toBe(2);
  });

  it('an opened then lost dispute takes the credits back once; replays change nothing', async () => {
    const { user, orderId } = await paidUser();
    const opened = dispute('charge.dispute.created', orderId, 'needs_response');
    await deliver(opened);
    await deliver(opened);
    expect(await balanceOf(user)).toBe(0);
    const lost = dispute('charge.dispute.closed', orderId, 'lost');
    await deliver(lost);
    await deliver(lost);
    await deliver(dispute('charge.dispute.closed', orderId, 'lost'));
    expect(await balanceOf(user)).toBe(0);
    const kinds = (await transactionsOf(user)).map((t) => [t.kind, t.amount_usd]);
    expect(kinds).toEqual([
      ['dispute', -42],
      ['purchase', 42],
    ]);
    const payment = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments[0];
    expect(payment).toMatchObject({ status: 'disputed', refunded_usd: 42 });
  });

  it('a lost dispute without an earlier "opened" event still takes the credits back once', async () => {
    const { user, orderId } = await paidUser();
    await deliver(dispute('charge.dispute.closed', orderId, 'lost'));
    await deliver(dispute('charge.dispute.closed', orderId, 'lost'));
    expect(await balanceOf(user)).toBe(0);
  });

  it('a won dispute gives the held credits back once', async () => {
    const { user, orderId } = await paidUser();
    await deliver(dispute('charge.dispute.created', orderId, 'needs_response'));
    expect(await balanceOf(user)).toBe(0);
    const won = dispute('charge.dispute.closed', orderId, 'won');
    await deliver(won);
    await deliver(dispute('charge.dispute.closed', orderId, 'won'));
    expect(await balanceOf(user)).toBe(42);
    const payment = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments[0];
    expect(payment).toMatchObject({ status: 'succeeded', refunded_usd: 0 });
  });

  it('refunds and disputes of unknown payments are acknowledged and change nothing', async () => {
    const res = await deliver(chargeRefunded('ord_nobody', 4200));
    expect(res.statusCode).toBe(200);
    const disputed = await deliver(
      dispute('charge.dispute.created', 'ord_nobody', 'needs_response'),
    );
    expect(disputed.statusCode).toBe(200);
  });
});

describe('the database guards the wallet floor', () => {
  it('refuses any update that takes a balance below zero outside a compensation', async () => {
    const { user } = await paidUser();
    const org = (await h.db.execute(
      sql`select id from organizations where owner_uid = ${user.uid}`,
    )) as unknown as { rows: Array<{ id: string }> };
    const id = org.rows[0]!.id;
    await expect(
      h.db.execute(sql`update organizations set balance_micros = -1 where id = ${id}`),
    ).rejects.toThrow();
    await expect(
      h.db.execute(
        sql`update organizations set balance_micros = balance_micros - 43000000 where id = ${id}`,
      ),
    ).rejects.toThrow();
    expect(await balanceOf(user)).toBe(42);
    // Spending down to exactly zero is fine.
    await h.db.execute(sql`update organizations set balance_micros = 0 where id = ${id}`);
    expect(await balanceOf(user)).toBe(0);
  });
});

describe('webhook hygiene', () => {
  it('logs a rejected request without its body and rate-limits generously', async () => {
    const body = JSON.stringify({ filler: 'x'.repeat(60_000), secret_marker: 'do-not-log-me' });
    const before = logLines.length;
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/credits/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const logged = logLines.slice(before).join('\n');
    expect(logged).not.toContain('do-not-log-me');
    expect(logged.length).toBeLessThan(4_000);
    expect(res.headers['x-ratelimit-limit']).toBe(String(h.config.webhookRateLimit.max));
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI document', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
