/**
 * Billing that businesses can run on: numbered, immutable invoices as PDFs; auto-recharge that
 * charges once however many calls cross the threshold, and turns itself off when the card fails;
 * one low-balance e-mail per crossing (read from a real SMTP inbox); per-key monthly spend caps;
 * usage by day from one SQL aggregate, and CSV exports.
 */
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAnswersMatchOpenApi } from './contract-check';
import {
  buyCredits,
  createHarness,
  recordedAnswers,
  registerUser,
  testImage,
  type Harness,
  type TestUser,
} from './helpers';

let h: Harness;
let image: string;
beforeAll(async () => {
  h = await createHarness();
  image = (await testImage('png', 24, 24)).toString('base64');
});
afterAll(async () => h?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function pdfText(buffer: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buffer));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const balanceOf = async (user: TestUser) =>
  (await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
    .remaining_credits as number;

const call = (secret: string, path = '/image-classification') =>
  h.callServices({
    method: 'POST',
    url: path,
    headers: { 'api-key': secret },
    payload: { image },
  });

async function withPrice<T>(path: string, micros: number, run: () => Promise<T>): Promise<T> {
  const [before] = rowsOf<{ p: string }>(
    await h.db.execute(
      sql`select price_per_call_micros as p from deployments where path = ${path}`,
    ),
  );
  await h.db.execute(
    sql`update deployments set price_per_call_micros = ${micros} where path = ${path}`,
  );
  try {
    return await run();
  } finally {
    await h.db.execute(
      sql`update deployments set price_per_call_micros = ${Number(before!.p)} where path = ${path}`,
    );
  }
}

/** The alerts and notices to `to`: not the receipts every purchase also sends (first-hour tests). */
async function inbox(to: string): Promise<Array<{ subject: string; text: string; to: string }>> {
  await h.deps.billing.idle();
  const notices = () =>
    h.mail.messages.filter(
      (m: { to: string; subject: string }) =>
        m.to.includes(to) && !m.subject.startsWith('Your VisionAPI receipt'),
    );
  // The catcher parses a message a moment after SMTP accepted it.
  for (let i = 0; i < 20; i++) {
    const found = notices();
    if (found.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return notices();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return [];
}

describe('invoices', () => {
  it('a payment gets a numbered invoice PDF with the buyer, GSTIN, amount and reference', async () => {
    const user = await registerUser(h, {
      name: 'Acme Vision Labs',
      gstin: '29ABCDE1234F1Z5',
      address: '12 Residency Road, Bengaluru 560025',
    });
    const { payment } = await buyCredits(h, user, 42.5);
    const listed = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments[0];
    expect(listed.invoice_number).toMatch(/^VA-\d{6}$/);
    const res = await h.callApi({
      method: 'GET',
      url: `/v1/credits/payments/${payment.id}/invoice`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${listed.invoice_number}.pdf`);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(`Invoice number: ${listed.invoice_number}`);
    expect(text).toContain('Acme Vision Labs');
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(text).toContain('12 Residency Road, Bengaluru 560025');
    expect(text).toContain('Karnataka, India');
    expect(text).toContain('$42.50');
    expect(text).toContain(payment.receipt_reference);
    expect(text).toContain(h.config.seller.name);
  });

  it('numbers invoices consecutively, and an edited organization leaves an issued invoice unchanged', async () => {
    const user = await registerUser(h, { name: 'Before Rename Ltd' });
    const first = await buyCredits(h, user, 10);
    const second = await buyCredits(h, user, 11);
    const list = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments as Array<{ id: string; invoice_number: string }>;
    const numberOf = (id: string) => Number(list.find((p) => p.id === id)!.invoice_number.slice(3));
    expect(numberOf(second.payment.id)).toBe(numberOf(first.payment.id) + 1);

    const before = await h.callApi({
      method: 'GET',
      url: `/v1/credits/payments/${first.payment.id}/invoice`,
      headers: user.auth,
    });
    await h.callApi({
      method: 'PATCH',
      url: '/v1/organization',
      headers: user.auth,
      payload: { name: 'After Rename Ltd', gstin: '27ABCDE1234F1Z5' },
    });
    const after = await h.callApi({
      method: 'GET',
      url: `/v1/credits/payments/${first.payment.id}/invoice`,
      headers: user.auth,
    });
    const text = await pdfText(after.rawPayload);
    expect(text).toContain('Before Rename Ltd');
    expect(text).not.toContain('After Rename Ltd');
    expect(text).toEqual(await pdfText(before.rawPayload));
    // The database refuses to change an issued invoice.
    await expect(
      h.db.execute(
        sql`update invoices set amount_micros = 1 where payment_id = ${first.payment.id}`,
      ),
    ).rejects.toThrow();
    await expect(
      h.db.execute(sql`delete from invoices where payment_id = ${first.payment.id}`),
    ).rejects.toThrow();
  });

  it('numbers are gap-free across organizations, and nobody reads another organization’s invoice', async () => {
    const alice = await registerUser(h);
    const bob = await registerUser(h);
    const a = await buyCredits(h, alice, 5);
    await buyCredits(h, bob, 5);
    const numbers = rowsOf<{ sequence: number }>(
      await h.db.execute(sql`select sequence from invoices order by sequence`),
    ).map((r) => r.sequence);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const stolen = await h.callApi({
      method: 'GET',
      url: `/v1/credits/payments/${a.payment.id}/invoice`,
      headers: bob.auth,
    });
    expect(stolen.statusCode).toBe(404);
    const timing = performance.now();
    await h.callApi({
      method: 'GET',
      url: `/v1/credits/payments/${a.payment.id}/invoice`,
      headers: alice.auth,
    });
    console.log(`invoice PDF: ${Math.round(performance.now() - timing)} ms to fetch and render`);
  });
});

describe('auto-recharge', () => {
  async function setUp(card: 'succeeds' | 'declines') {
    const user = await registerUser(h);
    await buyCredits(h, user, 6);
    const saved = await h.callApi({
      method: 'POST',
      url: '/v1/billing/payment-method/sandbox',
      headers: user.auth,
      payload: { card },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payment_method.label).toMatch(card === 'succeeds' ? /4242/ : /0002/);
    const settings = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: user.auth,
      payload: { auto_recharge: { enabled: true, threshold_usd: 5, amount_usd: 20 } },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().auto_recharge).toMatchObject({
      enabled: true,
      threshold_usd: 5,
      amount_usd: 20,
    });
    return user;
  }

  it('refuses to turn on without a saved card', async () => {
    const user = await registerUser(h);
    const res = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: user.auth,
      payload: { auto_recharge: { enabled: true, threshold_usd: 5, amount_usd: 20 } },
    });
    expect(res.statusCode).toBe(409);
    const tooSmall = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: user.auth,
      payload: { auto_recharge: { enabled: false, threshold_usd: 5, amount_usd: 4 } },
    });
    expect(tooSmall.statusCode).toBe(400);
  });

  it('50 concurrent calls crossing the threshold create exactly one recharge order', async () => {
    const user = await setUp('succeeds');
    await withPrice('image-classification', 50_000, async () => {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => call(user.playgroundKey.key)),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    });
    await h.deps.billing.idle();
    const orders = rowsOf<{ status: string; amount_micros: string }>(
      await h.db.execute(sql`
        select status, amount_micros from credit_orders o join organizations g on g.id = o.organization_id
        where g.owner_uid = ${user.uid} and o.kind = 'auto_recharge'`),
    );
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'succeeded' });
    expect(await balanceOf(user)).toBe(6 - 50 * 0.05 + 20);
    const payments = (
      await h.callApi({ method: 'GET', url: '/v1/credits/payments', headers: user.auth })
    ).json().payments;
    expect(payments[0]).toMatchObject({
      kind: 'auto_recharge',
      amount_usd: 20,
      status: 'succeeded',
    });
    expect(payments[0].invoice_number).toMatch(/^VA-/);
  });

  it('a declined charge turns auto-recharge off, says why, and e-mails the owner', async () => {
    const user = await setUp('declines');
    await withPrice('image-classification', 500_000, async () => {
      for (let i = 0; i < 3; i++) expect((await call(user.playgroundKey.key)).statusCode).toBe(200);
    });
    await h.deps.billing.idle();
    const settings = (
      await h.callApi({ method: 'GET', url: '/v1/billing/settings', headers: user.auth })
    ).json();
    expect(settings.auto_recharge.enabled).toBe(false);
    expect(settings.auto_recharge.last_failure.message).toMatch(/declined/);
    expect(await balanceOf(user)).toBe(4.5);
    const mails = await inbox(`${user.uid}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/auto-recharge failed/);
    const failedOrders = rowsOf<{ n: number }>(
      await h.db.execute(sql`
        select count(*)::int as n from credit_orders o join organizations g on g.id = o.organization_id
        where g.owner_uid = ${user.uid} and o.kind = 'auto_recharge'`),
    );
    expect(failedOrders[0]!.n).toBe(1);
  });
});

describe('low-balance alerts', () => {
  it('crossing the threshold sends exactly one e-mail, and crossing again after a top-up another', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 6);
    const set = await h.callApi({
      method: 'PUT',
      url: '/v1/billing/settings',
      headers: user.auth,
      payload: { low_balance_threshold_usd: 5 },
    });
    expect(set.json().low_balance_alert).toEqual({ threshold_usd: 5, below_threshold: false });
    await withPrice('image-classification', 100_000, async () => {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call(user.playgroundKey.key)),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    });
    const to = `${user.uid}@example.com`;
    let mails = await inbox(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your VisionAPI balance is below $5.00');
    expect(mails[0]!.text).toContain('/settings/buy-credits/');
    const balance = (
      await h.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })
    ).json();
    expect(balance).toEqual({
      remaining_credits: 3,
      low_balance_threshold_usd: 5,
      below_threshold: true,
    });
    // More calls below the threshold: no second e-mail.
    for (let i = 0; i < 3; i++) await call(user.playgroundKey.key);
    expect(await inbox(to)).toHaveLength(1);
    // A top-up re-arms it; the next fall sends one more.
    await buyCredits(h, user, 5);
    await withPrice('image-classification', 3_000_000, async () => {
      await call(user.playgroundKey.key);
      await call(user.playgroundKey.key);
    });
    mails = await inbox(to);
    expect(mails).toHaveLength(2);
  });
});

describe('per-key monthly spend caps', () => {
  it('refuses a key at its cap with 403 key_cap_reached (not a retryable 429), charges nothing, and another key still works', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 10);
    const other = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name: 'other' },
      })
    ).json();
    const capped = await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
      payload: { monthly_cap_usd: 0.01 },
    });
    expect(capped.json()).toMatchObject({ monthly_cap_usd: 0.01, month_to_date_usd: 0 });
    const first = await call(user.playgroundKey.key, '/object-detection');
    expect(first.statusCode).toBe(200);
    // A capped key's answers say how much of the cap is left and when it starts again.
    expect(first.headers['x-spend-cap-limit']).toBe('0.01');
    expect(first.headers['x-spend-cap-remaining']).toBe('0.006');
    expect(Number(first.headers['x-spend-cap-reset'])).toBeGreaterThan(0);
    expect((await call(user.playgroundKey.key, '/object-detection')).statusCode).toBe(200);
    const before = await balanceOf(user);
    const refused = await call(user.playgroundKey.key, '/object-detection');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'key_cap_reached',
      details: { cap_usd: 0.01, spent_usd: 0.008, price_usd: 0.004 },
    });
    expect(refused.json().error_message).toMatch(
      /reached its monthly spend cap of \$0\.01 \(\$0\.008 spent this month; this call costs \$0\.004\)\. Nothing was charged\./,
    );
    // Waiting minutes cannot help: no Retry-After, and clients are told not to retry.
    expect(refused.headers['x-should-retry']).toBe('false');
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(Date.parse(refused.json().details.resets_at)).toBeGreaterThan(Date.now());
    expect(await balanceOf(user)).toBe(before);
    expect((await call(other.key, '/object-detection')).statusCode).toBe(200);
    const listed = (
      await h.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })
    ).json().api_keys;
    expect(listed.find((k: { id: string }) => k.id === user.playgroundKey.id)).toMatchObject({
      monthly_cap_usd: 0.01,
      month_to_date_usd: 0.008,
    });
    // Removing the cap lets it call again.
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
      payload: { monthly_cap_usd: null },
    });
    expect((await call(user.playgroundKey.key, '/object-detection')).statusCode).toBe(200);
  });

  it('holds under concurrency: 20 calls against a cap that covers 10', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 10);
    await h.callApi({
      method: 'POST',
      url: '/v1/api-key/cap',
      headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
      payload: { monthly_cap_usd: 0.04 },
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(user.playgroundKey.key, '/object-detection')),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 403)).toHaveLength(10);
    expect(await balanceOf(user)).toBe(9.96);
  });

  it('a failed call gives its share of the cap back', async () => {
    const failing = await createHarness({
      renderer: async () => {
        throw new Error('model down');
      },
    });
    try {
      const user = await registerUser(failing);
      await buyCredits(failing, user, 5);
      await failing.callApi({
        method: 'POST',
        url: '/v1/api-key/cap',
        headers: { ...user.auth, 'x-api-key': user.playgroundKey.id },
        payload: { monthly_cap_usd: 0.004 },
      });
      for (let i = 0; i < 3; i++) {
        const res = await failing.callServices({
          method: 'POST',
          url: '/object-detection',
          headers: { 'api-key': user.playgroundKey.key },
          payload: { image },
        });
        // The sample answerer is the local upstream: its fault is the gateway's 502.
        expect(res.statusCode).toBe(502);
      }
      const key = (
        await failing.callApi({ method: 'GET', url: '/v1/api-key', headers: user.auth })
      ).json().api_keys[0];
      expect(key.month_to_date_usd).toBe(0);
    } finally {
      await failing.close();
    }
  });
});

describe('usage by day', () => {
  it('aggregates a year of 12,000 transactions per day and deployment in one request', async () => {
    const user = await registerUser(h);
    const [org] = rowsOf<{ id: string }>(
      await h.db.execute(sql`select id from organizations where owner_uid = ${user.uid}`),
    );
    // 12,000 usage rows spread over the last 365 days, on three deployments.
    await h.db.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros, balance_after_micros, created_at)
      select ${org!.id}, 'usage',
        (array['object-detection','depth-estimation','image-classification'])[1 + (i % 3)],
        1, -(1000 + (i % 3) * 1000), 0,
        date_trunc('day', now()) - make_interval(days => (i % 365)) - interval '1 hour'
      from generate_series(0, 11999) as i`);
    const end = new Date();
    const start = new Date(end.getTime() - 366 * 86_400_000);
    const started = performance.now();
    const res = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?start_date=${start.toISOString()}&end_date=${end.toISOString()}`,
      headers: user.auth,
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totals.calls).toBe(12_000);
    expect(body.totals.spent_usd).toBe(24);
    expect(body.days).toHaveLength(365);
    const oneDay = body.days[0];
    expect(oneDay.calls).toBe(
      oneDay.deployments.reduce((n: number, d: { calls: number }) => n + d.calls, 0),
    );
    console.log(
      `usage by day: 12,000 transactions aggregated in ${Math.round(ms)} ms (PGlite or PostgreSQL as configured)`,
    );

    const csv = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily.csv?start_date=${start.toISOString()}&end_date=${end.toISOString()}`,
      headers: user.auth,
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,deployment,calls,spent_usd');
    expect(lines.length - 1).toBe(365 * 3);

    const raw = await h.callApi({
      method: 'GET',
      url: `/v1/transaction.csv?start_date=${start.toISOString()}&end_date=${end.toISOString()}`,
      headers: user.auth,
    });
    expect(raw.body.trim().split('\r\n')).toHaveLength(12_001);
  });

  it('counts days in the caller’s offset, refuses long or inverted ranges, and defuses spreadsheet formulas', async () => {
    const user = await registerUser(h);
    await buyCredits(h, user, 5);
    const key = (
      await h.callApi({
        method: 'POST',
        url: '/v1/api-key',
        headers: user.auth,
        payload: { name: '=HYPERLINK("http://evil.example")' },
      })
    ).json();
    await call(key.key, '/object-detection');
    const now = new Date();
    const range = `start_date=${new Date(now.getTime() - 86_400_000).toISOString()}&end_date=${new Date(now.getTime() + 60_000).toISOString()}`;
    const raw = await h.callApi({
      method: 'GET',
      url: `/v1/transaction.csv?${range}`,
      headers: user.auth,
    });
    expect(raw.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const east = await h.callApi({
      method: 'GET',
      url: `/v1/usage/daily?${range}&utc_offset_minutes=840`,
      headers: user.auth,
    });
    const shifted = new Date(now.getTime() + 840 * 60_000).toISOString().slice(0, 10);
    expect(east.json().days.map((d: { date: string }) => d.date)).toContain(shifted);
    const tooLong = await h.callApi({
      method: 'GET',
      url: '/v1/usage/daily?start_date=2024-01-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
      headers: user.auth,
    });
    expect(tooLong.statusCode).toBe(400);
    const inverted = await h.callApi({
      method: 'GET',
      url: '/v1/usage/daily?start_date=2026-02-01T00:00:00Z&end_date=2026-01-01T00:00:00Z',
      headers: user.auth,
    });
    expect(inverted.statusCode).toBe(400);
  });
});

describe('feedback and contact messages', () => {
  it('are stored and e-mailed to the support inbox through SMTP', async () => {
    const res = await h.callApi({
      method: 'POST',
      url: '/v1/email',
      payload: {
        subject: 'Docs typo',
        body: 'Line two says "teh".',
        pageId: 'object-detection',
        email: 'reader@example.com',
      },
    });
    expect(res.statusCode).toBe(200);
    const mails = await inbox(h.config.supportEmail);
    const mail = mails.find((m) => m.subject === '[Feedback] Docs typo');
    expect(mail?.text).toContain('Line two says "teh".');
    expect(mail?.text).toContain('reader@example.com');
  });
});

describe('contract', () => {
  it('every answer in this file matches the OpenAPI document', async () => {
    await expectAnswersMatchOpenApi(
      h,
      recordedAnswers.filter((a) => !(a.contentType ?? '').match(/pdf|csv/)),
    );
  });
});

describe('auto-recharge with Stripe', () => {
  it('saves the card from the SetupIntent webhook, charges it off-session once, fulfils on the webhook', async () => {
    const Stripe = (await import('stripe')).default;
    const { STRIPE_TEST_CONFIG } = await import('./helpers');
    const stripe = new Stripe(STRIPE_TEST_CONFIG.secretKey);
    const charges: Array<{
      orderId: string;
      customerId: string;
      paymentMethodId: string;
      amountCents: number;
    }> = [];
    const sh = await createHarness({
      stripe: true,
      createPaymentIntent: async ({ orderId }) => ({
        providerReference: `pi_${orderId}`,
        clientSecret: `pi_${orderId}_secret_x`,
      }),
      createSetupIntent: async ({ customerId }) => ({
        clientSecret: 'seti_123_secret_abc',
        customerId: customerId ?? 'cus_test_1',
      }),
      describePaymentMethod: async () => 'Visa ending 4242',
      chargeSavedCard: async (request) => {
        charges.push(request);
        return { providerReference: `pi_auto_${request.orderId}` };
      },
    });
    const deliver = (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({
        id: `evt_${type}_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        type,
        api_version: '2025-01-27.acacia',
        created: Math.floor(Date.now() / 1000),
        data: { object },
      });
      return sh.callApi({
        method: 'POST',
        url: '/v1/credits/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({
            payload,
            secret: STRIPE_TEST_CONFIG.webhookSecret,
          }),
        },
        payload,
      });
    };
    try {
      const user = await registerUser(sh);
      const [org] = rowsOf<{ id: string }>(
        await sh.db.execute(sql`select id from organizations where owner_uid = ${user.uid}`),
      );
      // $6 through a normal Stripe purchase.
      const order = (
        await sh.callApi({
          method: 'POST',
          url: '/v1/credits',
          headers: user.auth,
          payload: { price_in_usd: 6 },
        })
      ).json();
      await deliver('payment_intent.succeeded', {
        id: `pi_${order.order_id}`,
        object: 'payment_intent',
        amount: 600,
        amount_received: 600,
        currency: 'usd',
        status: 'succeeded',
        latest_charge: 'ch_1',
        metadata: { order_id: order.order_id },
      });
      const setup = await sh.callApi({
        method: 'POST',
        url: '/v1/billing/payment-method/setup',
        headers: user.auth,
      });
      expect(setup.json()).toEqual({ provider: 'stripe', client_secret: 'seti_123_secret_abc' });
      await deliver('setup_intent.succeeded', {
        id: 'seti_123',
        object: 'setup_intent',
        customer: 'cus_test_1',
        payment_method: 'pm_card_visa',
        status: 'succeeded',
        metadata: { organization_id: org!.id },
      });
      const settings = await sh.callApi({
        method: 'PUT',
        url: '/v1/billing/settings',
        headers: user.auth,
        payload: { auto_recharge: { enabled: true, threshold_usd: 5, amount_usd: 25 } },
      });
      expect(settings.json().payment_method).toEqual({
        provider: 'stripe',
        label: 'Visa ending 4242',
      });
      const sandboxCard = await sh.callApi({
        method: 'POST',
        url: '/v1/billing/payment-method/sandbox',
        headers: user.auth,
        payload: { card: 'succeeds' },
      });
      expect(sandboxCard.statusCode).toBe(404);

      await sh.db.execute(
        sql`update deployments set price_per_call_micros = 100000 where path = 'image-classification'`,
      );
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          sh.callServices({
            method: 'POST',
            url: '/image-classification',
            headers: { 'api-key': user.playgroundKey.key },
            payload: { image },
          }),
        ),
      );
      expect(answers.every((a) => a.statusCode === 200)).toBe(true);
      await sh.deps.billing.idle();
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({
        customerId: 'cus_test_1',
        paymentMethodId: 'pm_card_visa',
        amountCents: 2500,
      });
      // Nothing is credited until Stripe says the charge succeeded.
      const balance = async () =>
        (await sh.callApi({ method: 'GET', url: '/v1/credits/balance', headers: user.auth })).json()
          .remaining_credits;
      expect(await balance()).toBe(4);
      await deliver('payment_intent.succeeded', {
        id: `pi_auto_${charges[0]!.orderId}`,
        object: 'payment_intent',
        amount: 2500,
        amount_received: 2500,
        currency: 'usd',
        status: 'succeeded',
        latest_charge: 'ch_2',
        metadata: { order_id: charges[0]!.orderId, kind: 'auto_recharge' },
      });
      expect(await balance()).toBe(29);
    } finally {
      await sh.close();
    }
  });

  it('a charge Stripe refuses turns auto-recharge off', async () => {
    const sh = await createHarness({
      stripe: true,
      createPaymentIntent: async ({ orderId }) => ({
        providerReference: `pi_${orderId}`,
        clientSecret: 's',
      }),
      chargeSavedCard: async () => {
        throw Object.assign(new Error('Your card has insufficient funds.'), {
          code: 'card_declined',
        });
      },
    });
    try {
      const user = await registerUser(sh);
      await sh.db.execute(sql`
        update organizations set balance_micros = 6000000, payment_method_provider = 'stripe',
          payment_method_id = 'pm_x', payment_method_label = 'Visa ending 0341', stripe_customer_id = 'cus_x'
        where owner_uid = ${user.uid}`);
      await sh.callApi({
        method: 'PUT',
        url: '/v1/billing/settings',
        headers: user.auth,
        payload: { auto_recharge: { enabled: true, threshold_usd: 5.5, amount_usd: 10 } },
      });
      await sh.db.execute(
        sql`update deployments set price_per_call_micros = 1000000 where path = 'image-classification'`,
      );
      await sh.callServices({
        method: 'POST',
        url: '/image-classification',
        headers: { 'api-key': user.playgroundKey.key },
        payload: { image },
      });
      await sh.deps.billing.idle();
      const settings = (
        await sh.callApi({ method: 'GET', url: '/v1/billing/settings', headers: user.auth })
      ).json();
      expect(settings.auto_recharge.enabled).toBe(false);
      expect(settings.auto_recharge.last_failure.message).toBe('Your card has insufficient funds.');
    } finally {
      await sh.close();
    }
  });
});
