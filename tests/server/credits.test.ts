import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  buyCredits,
  createHarness,
  recordedAnswers,
  registerUser,
  testImage,
  type Harness,
} from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h?.close());

describe('buying credits with the sandbox provider', () => {
  it('creates an order, confirms it once and credits the wallet once', async () => {
    const user = await registerUser(h);
    const order = await h.callApi({
      method: 'POST',
      url: '/v1/credits',
      headers: user.auth,
      payload: { price_in_usd: 25.5 },
    });
    expect(order.statusCode).toBe(200);
    expect(order.json()).toMatchObject({
      amount_usd: 25.5,
      currency: 'USD',
      status: 'requires_payment',
      provider: 'sandbox',
      client_secret: null,
    });
    expect(order.json().order_id).toMatch(/^ord_/);

    const confirm = () =>
      h.callApi({
        method: 'POST',
        url: '/v1/credits/sandbox/confirm',
        headers: user.auth,
        payload: { order_id: order.json().order_id },
      });
    const first = await confirm();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      order_id: order.json().order_id,
      amount_usd: 25.5,
      status: 'succeeded',
      provider: 'sandbox',
    });
    expect(first.json().payment).toMatchObject({
      order_id: order.json().order_id,
      amount_usd: 25.5,
      status: 'succeeded',
      refunded_usd: 0,
      provider: 'sandbox',
    });
    expect(first.json().payment.receipt_reference).toMatch(/^SBX-/);
    const repeats = await Promise.all(Array.from({ length: 10 }, confirm));
    for (const r of repeats) expect(r.json().payment.id).toBe(first.json().payment.id);

    const balance = await h.callApi({
      method: 'GET',
      url: '/v1/credits/balance',
      headers: user.auth,
    });
    expect(balance.json()).toEqual({
      remaining_credits: 25.5,
      low_balance_threshold_usd: null,
      below_threshold: false,
    });
    const org = await h.callApi({ method: 'GET', url: '/v1/organization', headers: user.auth });
    expect(org.json().wallet_balance).toBe(25.5);
  });

  it('records a failed payment without crediting, and a later success credits', async () => {
    const user = await registerUser(h);
    const order = (
      await h.callApi({
        method: 'POST',
        url: '/v1/credits',
        headers: user.auth,
        payload: { price_in_usd: 5 },
      })
    ).json();
    const failed = await h.callApi({
      method: 'POST',
      url: '/v1/credits/sandbox/confirm',
      headers: user.auth,
      payload: { order_id: order.order_id, outcome: 'failed' },
    });
    expect(failed.json().status).toBe('failed');
    expect(failed.json().payment.status).toBe('failed');
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
        .remaining_credits,
    ).toBe(0);
    const ok = await h.callApi({
      method: 'POST',
      url: '/v1/credits/sandbox/confirm',
      headers: user.auth,
      payload: { order_id: order.order_id },
    });
    expect(ok.json().status).toBe('succeeded');
    expect(ok.json().payment.status).toBe('succeeded');
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
        .remaining_credits,
    ).toBe(5);
  });

  it.each([
    [{ price_in_usd: 4.99 }, /price_in_usd must be >= 5/],
    [{ price_in_usd: 10000.01 }, /price_in_usd must be <= 10000/],
    [{ price_in_usd: 10.123 }, /at most 2 decimals/],
    [{ price_in_usd: '10' }, /price_in_usd must be number/],
    [{}, /price_in_usd is required/],
  ])('refuses %j with 400 and creates no order', async (payload, message) => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/credits',
      headers: user.auth,
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toMatch(message);
  });

  it('accepts the limits exactly: $5 and $10,000', async () => {
    const user = await registerUser(h);
    for (const price_in_usd of [5, 10000, 10.1]) {
      const res = await h.callApi({
        method: 'POST',
        url: '/v1/credits',
        headers: user.auth,
        payload: { price_in_usd },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().amount_usd).toBe(price_in_usd);
    }
  });

  it('keeps another organization’s orders and payments invisible and untouchable', async () => {
    const alice = await registerUser(h);
    const bob = await registerUser(h);
    const bobOrder = (
      await h.callApi({
        method: 'POST',
        url: '/v1/credits',
        headers: bob.auth,
        payload: { price_in_usd: 50 },
      })
    ).json();
    const steal = await h.callApi({
      method: 'POST',
      url: '/v1/credits/sandbox/confirm',
      headers: alice.auth,
      payload: { order_id: bobOrder.order_id },
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: alice.auth })).json()
        .remaining_credits,
    ).toBe(0);
    expect(
      (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: bob.auth })).json()
        .remaining_credits,
    ).toBe(0);
    await buyCredits(h, bob, 20);
    const alicePayments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: alice.auth })
    ).json();
    expect(alicePayments).toEqual({ payments: [], total_count: 0, has_more: false });
    const aliceTx = (
      await h.callApi({ method: 'GET', url: '/v1/transaction', headers: alice.auth })
    ).json();
    expect(aliceTx.total_count).toBe(0);
  });
});

describe('payment log', () => {
  it('pages with skip and limit (defaults 0 and 10), newest first', async () => {
    const user = await registerUser(h);
    for (let i = 0; i < 12; i++) await buyCredits(h, user, 5 + i);
    const first = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json();
    expect(first.payments).toHaveLength(10);
    expect(first.total_count).toBe(12);
    expect(first.has_more).toBe(true);
    expect(first.payments[0].amount_usd).toBe(16);
    const second = (
      await h.callApi({
        method: 'GET',
        url: '/v1/credits/payments?skip=10&limit=10',
        headers: user.auth,
      })
    ).json();
    expect(second.payments.map((p: { amount_usd: number }) => p.amount_usd)).toEqual([6, 5]);
    expect(second.has_more).toBe(false);
    for (const query of ['limit=0', 'limit=101', 'skip=-1', 'limit=abc']) {
      const bad = await h.callApi({
        method: 'GET',
        url: `/v1/credits/payments?${query}`,
        headers: user.auth,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_message).toMatch(/^Invalid query string/);
    }
  });
});

describe('transactions', () => {
  it('lists purchases and usage with totals, filtered by date and paged', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 10);
    const image = (await testImage()).toString('base64');
    for (const path of [
      'object-detection',
      'image-classification',
      'image-segmentation/semantic',
    ]) {
      const res = await h.callServices({
        method: 'POST',
        url: `/${path}`,
        headers: { 'api-key': user.playgroundKey.key },
        payload: { image },
      });
      expect(res.statusCode).toBe(200);
    }
    const all = (
      await h.callApi({ method: 'GET', url: '/v1/transaction', headers: user.auth })
    ).json();
    expect(all.total_count).toBe(4);
    expect(
      all.transactions.map((t: { kind: string; deployment: string | null }) => [
        t.kind,
        t.deployment,
      ]),
    ).toEqual([
      ['usage', 'image-segmentation/semantic'],
      ['usage', 'image-classification'],
      ['usage', 'object-detection'],
      ['purchase', null],
    ]);
    expect(all.transactions[0]).toMatchObject({
      units: 1,
      amount_usd: -0.006,
      api_key_name: 'Playground key',
      balance_after_usd: 9.988,
    });
    expect(all.transactions[3]).toMatchObject({
      units: 0,
      amount_usd: 10,
      api_key_name: null,
      balance_after_usd: 10,
    });
    expect(all.totals).toEqual({ spent_usd: 0.012, purchased_usd: 10, calls: 3 });

    const paged = (
      await h.callApi({ method: 'GET', url: '/v1/transaction?skip=1&limit=2', headers: user.auth })
    ).json();
    expect(paged.transactions.map((t: { deployment: string }) => t.deployment)).toEqual([
      'image-classification',
      'object-detection',
    ]);
    expect(paged.has_more).toBe(true);

    const today = new Date();
    const start = new Date(today.getTime() - 60_000).toISOString();
    const end = new Date(today.getTime() + 60_000).toISOString();
    const inRange = (
      await h.callApi({
        method: 'GET',
        url: `/v1/transaction?start_date=${start}&end_date=${end}`,
        headers: user.auth,
      })
    ).json();
    expect(inRange.total_count).toBe(4);
    const past = (
      await h.callApi({
        method: 'GET',
        url: '/v1/transaction?start_date=2020-01-01T00:00:00.000Z&end_date=2020-01-01T23:59:59.999Z',
        headers: user.auth,
      })
    ).json();
    expect(past).toMatchObject({
      transactions: [],
      total_count: 0,
      has_more: false,
      totals: { spent_usd: 0, purchased_usd: 0, calls: 0 },
    });
  });

  it('refuses bad dates with 400', async () => {
    const user = await registerUser(h);
    for (const query of [
      'start_date=yesterday',
      'end_date=2025-13-01',
      'start_date=2025-02-01T00:00:00Z&end_date=2025-01-01T00:00:00Z',
    ]) {
      const res = await h.callApi({
        method: 'GET',
        url: `/v1/transaction?${query}`,
        headers: user.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error_message).toMatch(/^Invalid query string/);
    }
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI documents', async () => {
    await expectAnswersMatchOpenApi(h, recordedAnswers);
  });
});
