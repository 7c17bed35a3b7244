import { describe, expect, it, vi } from 'vitest';
import { createAccountClient, endOfDayIso, startOfLocalDayIso } from '../../src/api/account';
import { API_MESSAGES } from '../../src/api/messages';
import type { RequestOptions, Requester } from '../../src/api/request';
import { createRequester } from '../../src/api/request';

/** A requester that records the options and answers like a failing network. */
function recording() {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return { error_message: options.defaultMessage };
  }) as Requester;
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

  it('sends the key id as x-api-key for set-default and delete', async () => {
    const { calls, client } = recording();
    await client.setDefaultApiKey('key_9');
    await client.deleteApiKey('key_9');
    expect(calls.map((c) => c.headers)).toEqual([
      { 'x-api-key': 'key_9' },
      { 'x-api-key': 'key_9' },
    ]);
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
