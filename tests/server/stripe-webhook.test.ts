import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatePaymentIntent } from '../../server/src/payments/provider';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  createHarness,
  recordedAnswers,
  registerUser,
  STRIPE_TEST_CONFIG,
  type Harness,
  type TestUser,
} from './helpers';

// Only the PaymentIntent creation is replaced; signatures are made and checked by the real SDK, offline.
const createPaymentIntent = vi.fn<CreatePaymentIntent>(async ({ orderId }) => ({
  providerReference: `pi_test_${orderId}`,
  clientSecret: `pi_test_${orderId}_secret_abc`,
}));
const stripe = new Stripe(STRIPE_TEST_CONFIG.secretKey);

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ stripe: true, createPaymentIntent });
});
afterAll(async () => h?.close());

function paymentIntentEvent(
  eventId: string,
  order: { order_id: string },
  type = 'payment_intent.succeeded',
) {
  return JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `pi_test_${order.order_id}`,
        object: 'payment_intent',
        amount: 4200,
        amount_received: 4200,
        currency: 'usd',
        status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method',
        latest_charge: `ch_test_${order.order_id}`,
        metadata: { order_id: order.order_id },
      },
    },
  });
}

function deliver(payload: string, secret = STRIPE_TEST_CONFIG.webhookSecret) {
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return h.callApi({
    method: 'POST',
    url: '/v1/credits/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function order(user: TestUser) {
  const res = await h.callApi({
    method: 'POST',
    url: '/v1/credits',
    headers: user.auth,
    payload: { price_in_usd: 42 },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const balanceOf = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits;

describe('Stripe payments', () => {
  it('creates a PaymentIntent per order and returns its client secret', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    expect(created).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      amount_usd: 42,
    });
    expect(created.client_secret).toBe(`pi_test_${created.order_id}_secret_abc`);
    expect(createPaymentIntent).toHaveBeenLastCalledWith(
      expect.objectContaining({ orderId: created.order_id, amountCents: 4200 }),
    );
  });

  it('answers 502 with a message when Stripe cannot be reached, creating no order', async () => {
    const user = await registerUser(h);
    createPaymentIntent.mockRejectedValueOnce(new Error('connect ETIMEDOUT'));
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/credits',
      headers: user.auth,
      payload: { price_in_usd: 42 },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error_message).toMatch(/payment provider could not be reached/);
  });

  it('has no sandbox confirm step while Stripe is configured', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/credits/sandbox/confirm',
      headers: user.auth,
      payload: { order_id: created.order_id },
    });
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(user)).toBe(0);
  });

  it('refuses a bad or missing signature and credits nothing', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const payload = paymentIntentEvent('evt_bad_sig', created);
    const wrongSecret = await deliver(payload, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error_message).toBe('Invalid Stripe signature.');
    const tampered = await h.callApi({
      method: 'POST',
      url: '/v1/credits/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: STRIPE_TEST_CONFIG.webhookSecret,
        }),
      },
      payload: payload.replace('4200', '9900'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await h.callApi({
      method: 'POST',
      url: '/v1/credits/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await balanceOf(user)).toBe(0);
  });

  it('credits once when the same event is replayed 50 times', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const payload = paymentIntentEvent('evt_replayed_sequentially', created);
    const answers = [];
    for (let i = 0; i < 50; i++) answers.push((await deliver(payload)).json());
    expect(answers[0]).toEqual({ received: true, duplicate: false });
    expect(answers.slice(1).every((a) => a.duplicate === true)).toBe(true);
    expect(await balanceOf(user)).toBe(42);
    const payments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json();
    expect(payments.total_count).toBe(1);
    expect(payments.payments[0]).toMatchObject({
      status: 'succeeded',
      provider: 'stripe',
      amount_usd: 42,
      receipt_reference: `ch_test_${created.order_id}`,
    });
  });

  it('credits once when the same event arrives 50 times concurrently', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const payload = paymentIntentEvent('evt_replayed_concurrently', created);
    const answers = await Promise.all(Array.from({ length: 50 }, () => deliver(payload)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json().duplicate === false)).toHaveLength(1);
    expect(await balanceOf(user)).toBe(42);
    const tx = (
      await h.callApi({ method: 'GET', url: '/v1/transaction', headers: user.auth })
    ).json();
    expect(tx.total_count).toBe(1);
    expect(tx.totals.purchased_usd).toBe(42);
  });

  it('credits once per payment even when Stripe sends different events for it', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deliver(paymentIntentEvent(`evt_distinct_${i}_${created.order_id}`, created)),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(await balanceOf(user)).toBe(42);
    const payments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json();
    expect(payments.total_count).toBe(1);
  });

  it('records a failed payment without credit and acknowledges unrelated events', async () => {
    const user = await registerUser(h);
    const created = await order(user);
    const failed = await deliver(
      paymentIntentEvent('evt_failed', created, 'payment_intent.payment_failed'),
    );
    expect(failed.json()).toEqual({ received: true, duplicate: false });
    const other = await deliver(
      JSON.stringify({
        id: 'evt_other',
        object: 'event',
        type: 'customer.created',
        data: { object: {} },
      }),
    );
    expect(other.statusCode).toBe(200);
    expect(await balanceOf(user)).toBe(0);
    const payments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json();
    expect(payments.payments.map((p: { status: string }) => p.status)).toEqual(['failed']);
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI document', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
