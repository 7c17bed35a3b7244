import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createAccountClient, endOfDayIso, startOfLocalDayIso } from '../../src/api/account';
import type { CreditOrder, RollApiKeyBody } from '@contract/account';
import { ROLL_GRACE_HOURS } from '@contract/account';
import { isOrderSettled, waitForCreditOrder } from '../../src/api/credit-order';
import { API_MESSAGES } from '../../src/api/messages';
import { createRequester } from '../../src/api/request';
import { recordingRequester } from './support/recording';

/** The account client over a requester that records the options and answers like a failing network. */
function recording() {
  const { calls, request } = recordingRequester();
  return { calls, client: createAccountClient(request) };
}

describe('account client', () => {
  it.each([
    [
      'getBalance',
      [],
      'GET',
      'credits/balance',
      'An error occurred while fetching the remaining credits',
    ],
    ['createApiKey', ['CI'], 'POST', 'api-key', 'An error occurred while processing the request'],
    ['getApiKeys', [], 'GET', 'api-key', 'An error occurred while fetching the API Keys'],
    [
      'setDefaultApiKey',
      ['key_1'],
      'POST',
      'api-key/set-default',
      'An error occurred while setting default API Keys',
    ],
    ['deleteApiKey', ['key_1'], 'DELETE', 'api-key', 'An error occurred while deleting API Key'],
    [
      'rollApiKey',
      ['key_1', 24],
      'POST',
      'api-key/roll',
      'An error occurred while processing the request',
    ],
    [
      'getOrganization',
      [],
      'GET',
      'organization',
      'An error occurred while fetching organization details',
    ],
    [
      'checkEmailVerified',
      [],
      'POST',
      'organization/verify',
      'An error occurred while checking email verification status',
    ],
    ['buyCredits', [25], 'POST', 'credits', 'An error occurred while buying priceInUSD.'],
    [
      'getCreditOrder',
      ['ord_1'],
      'GET',
      'credits/orders/ord_1',
      'An error occurred while processing the request',
    ],
    [
      'confirmSandboxPayment',
      [{ order_id: 'ord_1' }],
      'POST',
      'credits/sandbox/confirm',
      'An error occurred while processing the request',
    ],
    [
      'getPaymentLogs',
      [],
      'GET',
      'credits/payments',
      'An error occurred while fetching payment logs',
    ],
    [
      'getPublicPricing',
      [],
      'GET',
      'pricing/pubic-deployment',
      'Unable to fetch pricing, Refresh the page and try again!',
    ],
  ] as const)(
    '%s → %s %s with its catalogue message',
    async (name, args, method, path, message) => {
      const { calls, client } = recording();
      const fn = client[name] as (...a: unknown[]) => Promise<{ error_message?: string }>;
      const result = await fn(...args);
      expect(calls[0]).toMatchObject({ method, path, defaultMessage: message });
      expect(result.error_message).toBe(message);
    },
  );

  it('sends the key id as x-api-key for set-default, roll and delete', async () => {
    const { calls, client } = recording();
    await client.setDefaultApiKey('key_9');
    await client.rollApiKey('key_9', 0);
    await client.deleteApiKey('key_9');
    expect(calls.map((c) => c.headers)).toEqual([
      { 'x-api-key': 'key_9' },
      { 'x-api-key': 'key_9' },
      { 'x-api-key': 'key_9' },
    ]);
  });

  it('rolls with the chosen grace period in hours, and only the contract allows', async () => {
    const { calls, client } = recording();
    for (const hours of ROLL_GRACE_HOURS) await client.rollApiKey('key_1', hours);
    expect(calls.map((c) => c.body)).toEqual([
      { expire_previous_in_hours: 0 },
      { expire_previous_in_hours: 1 },
      { expire_previous_in_hours: 24 },
      { expire_previous_in_hours: 72 },
      { expire_previous_in_hours: 168 },
    ]);
    // The body's type is the union of the grace periods (not `never`), and nothing else.
    expectTypeOf<RollApiKeyBody['expire_previous_in_hours']>().toEqualTypeOf<
      (typeof ROLL_GRACE_HOURS)[number]
    >();
    // @ts-expect-error 2 hours is not a grace period the backend offers
    await client.rollApiKey('key_1', 2);
  });

  it('asks for an order by its id, escaped in the path', async () => {
    const { calls, client } = recording();
    await client.getCreditOrder('ord/../x');
    expect(calls[0]!.path).toBe('credits/orders/ord%2F..%2Fx');
  });

  it('forces a token refresh for organization register, update and verify only', async () => {
    const { calls, client } = recording();
    const org = { name: 'Acme', website: 'acme.test', country: 'US', state: 'CA' };
    await client.registerOrganization(org);
    await client.updateOrganization({ name: 'Acme 2' });
    await client.checkEmailVerified();
    await client.getOrganization();
    await client.getBalance();
    expect(calls.map((c) => Boolean(c.forceRefresh))).toEqual([true, true, true, false, false]);
    expect(calls[0]!.defaultMessage).toBe('An error occurred while fetching registering');
    expect(calls[1]!.defaultMessage).toBe('An error occurred while updating details.');
  });

  it('sends gstin and address only when filled', async () => {
    const { calls, client } = recording();
    await client.registerOrganization({
      name: 'A',
      website: 'a.test',
      country: 'IN',
      state: 'KA',
      gstin: '',
      address: '  ',
    });
    await client.registerOrganization({
      name: 'A',
      website: 'a.test',
      country: 'IN',
      state: 'KA',
      gstin: '29ABCDE1234F1Z5',
      address: '1 MG Road',
    });
    expect(calls[0]!.body).toEqual({ name: 'A', website: 'a.test', country: 'IN', state: 'KA' });
    expect(calls[1]!.body).toMatchObject({ gstin: '29ABCDE1234F1Z5', address: '1 MG Road' });
  });

  it('asks for sign-in before creating a key', async () => {
    const { calls, client } = recording();
    await client.createApiKey('Production');
    expect(calls[0]).toMatchObject({
      body: { name: 'Production' },
      authMessage: 'Please Login before creating API Key',
    });
  });

  it('sends feedback with an optional token and the pricing call without one', async () => {
    const { calls, client } = recording();
    await client.sendFeedback({ subject: 'Hi', body: 'Text', pageId: 'object-detection' });
    await client.getPublicPricing();
    expect(calls[0]).toMatchObject({
      path: 'email',
      auth: 'optional',
      defaultMessage: 'An error occurred while submitting the feedback',
    });
    expect(calls[1]!.auth).toBe('none');
  });

  it('pages payments with skip 0 and limit 10 by default', async () => {
    const { calls, client } = recording();
    await client.getPaymentLogs();
    await client.getPaymentLogs({ skip: 20, limit: 5 });
    expect(calls.map((c) => c.query)).toEqual([
      { skip: 0, limit: 10 },
      { skip: 20, limit: 5 },
    ]);
  });

  it('asks for transactions from local midnight to the day end 23:59:59.999Z', async () => {
    const { calls, client } = recording();
    const start = new Date(2025, 0, 5, 15, 30);
    const end = new Date(2025, 0, 7, 1, 0);
    await client.getTransactions({ startDate: start, endDate: end });
    expect(calls[0]).toMatchObject({
      path: 'transaction',
      defaultMessage: 'An error occurred while fetching the Transactional Data',
      query: {
        start_date: new Date(2025, 0, 5).toISOString(),
        end_date: '2025-01-07T23:59:59.999Z',
        skip: 0,
        limit: 10,
      },
    });
    expect(startOfLocalDayIso(start)).toBe(new Date(2025, 0, 5, 0, 0, 0, 0).toISOString());
    expect(endOfDayIso(end)).toBe('2025-01-07T23:59:59.999Z');
  });

  it('keeps every catalogue message word for word', () => {
    expect(API_MESSAGES).toMatchObject({
      authentication: 'Authentication error',
      signInForPricing: 'Please sign in to view pricing information',
      signInToProcessImage: 'Sign In is required to proceed!',
      processImage: 'An error occurred while processing the image.',
    });
  });

  it('builds query strings and answers through the real requester', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ payments: [], total_count: 0, has_more: false })),
    );
    const request = createRequester({
      baseUrl: () => 'http://api.test/v1/',
      authSource: { currentUser: () => ({ getIdToken: async () => 't' }) },
      fetch: fetchMock,
    });
    const result = await createAccountClient(request).getPaymentLogs({ skip: 10 });
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(
      'http://api.test/v1/credits/payments?skip=10&limit=10',
    );
    expect(result.data?.has_more).toBe(false);
  });
});

const order = (over: Partial<CreditOrder> = {}): CreditOrder => ({
  order_id: 'ord_1',
  amount_usd: 25,
  currency: 'USD',
  status: 'processing',
  provider: 'sandbox',
  client_secret: null,
  created_at: '2025-03-10T12:00:00.000Z',
  expires_at: '2025-03-10T13:00:00.000Z',
  payment: null,
  ...over,
});

/** A clock that moves only when the poller sleeps. */
function fakeClock() {
  let now = 0;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('waiting for a credit order', () => {
  it('knows which orders are settled', () => {
    expect(
      ['requires_payment', 'processing'].map((status) => isOrderSettled({ status } as CreditOrder)),
    ).toEqual([false, false]);
    expect(
      ['succeeded', 'failed', 'expired'].map((status) => isOrderSettled({ status } as CreditOrder)),
    ).toEqual([true, true, true]);
  });

  it('makes no call when the confirmation already settled the order', async () => {
    const getOrder = vi.fn();
    const done = await waitForCreditOrder(getOrder, order({ status: 'succeeded' }));
    expect(done).toEqual({ kind: 'succeeded', order: order({ status: 'succeeded' }) });
    expect(getOrder).not.toHaveBeenCalled();
  });

  it('polls about every second until the backend has fulfilled the order', async () => {
    const clock = fakeClock();
    const answers = ['processing', 'processing', 'succeeded'] as const;
    const getOrder = vi.fn(async (id: string) => ({
      data: order({ order_id: id, status: answers[getOrder.mock.calls.length - 1]! }),
    }));
    const seen: string[] = [];
    const done = await waitForCreditOrder(getOrder, order(), {
      ...clock,
      onUpdate: (latest) => seen.push(latest.status),
    });
    expect(done.kind).toBe('succeeded');
    expect(getOrder).toHaveBeenCalledTimes(3);
    expect(getOrder).toHaveBeenCalledWith('ord_1');
    expect(clock.slept).toEqual([1000, 1000, 1000]);
    expect(seen).toEqual(['processing', 'processing', 'succeeded']);
  });

  it('reports a failed or expired order as failed', async () => {
    const clock = fakeClock();
    for (const status of ['failed', 'expired'] as const) {
      const done = await waitForCreditOrder(
        async () => ({ data: order({ status }) }),
        order(),
        clock,
      );
      expect(done).toEqual({ kind: 'failed', order: order({ status }) });
    }
  });

  it('keeps polling through failed calls, and gives up after about a minute', async () => {
    const clock = fakeClock();
    const getOrder = vi.fn(async () =>
      getOrder.mock.calls.length % 2
        ? { error_message: 'An error occurred while processing the request' }
        : { data: order({ status: 'processing' }) },
    );
    const done = await waitForCreditOrder(getOrder, order({ status: 'requires_payment' }), clock);
    expect(done).toEqual({
      kind: 'timeout',
      order: order({ status: 'processing' }),
    });
    expect(getOrder).toHaveBeenCalledTimes(60);
    expect(clock.now()).toBe(60_000);
  });

  it('says which error it last saw when every poll failed', async () => {
    const clock = fakeClock();
    const done = await waitForCreditOrder(
      async () => ({ error_message: 'Network down' }),
      order(),
      {
        ...clock,
        timeoutMs: 3000,
      },
    );
    expect(done).toEqual({ kind: 'timeout', order: order(), error_message: 'Network down' });
  });

  it('stops when the caller stops waiting', async () => {
    const controller = new AbortController();
    const getOrder = vi.fn(async () => {
      controller.abort();
      return { data: order({ status: 'succeeded' }) };
    });
    const done = await waitForCreditOrder(getOrder, order(), {
      ...fakeClock(),
      signal: controller.signal,
    });
    expect(done).toEqual({ kind: 'cancelled' });
    expect(getOrder).toHaveBeenCalledTimes(1);
  });
});
