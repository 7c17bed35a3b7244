/**
 * The TypeScript SDK against a scripted server: which answers are retried and in what order,
 * how long it waits (backoff, Retry-After), one Idempotency-Key per call, typed errors, how
 * account calls are built, pagination, and what `.withMeta()` reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIError,
  IdempotencyInProgressError,
  InsufficientCreditsError,
  KeyCapReachedError,
  RateLimitedError,
  ServiceUnavailableError,
  UpstreamFailedError,
  VisionAPI,
  ERROR_CODES,
  ERROR_CLASSES,
  type ErrorCode,
} from '../../../packages/typescript/src/index';
import { backoffMs, retryAfterMs } from '../../../packages/typescript/src/core/retry';
import { errorBody, startFakeServer, type FakeServer } from './fake-server';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
const answer = { sandbox: true, task: 'image-classification', predictions: [] };

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

const client = (options: ConstructorParameters<typeof VisionAPI>[0] = {}) =>
  new VisionAPI({
    apiKey: 'va_test_unit',
    adminKey: 'va_admin_unit',
    servicesUrl: server.url,
    apiUrl: server.url,
    initialRetryDelay: 40,
    maxRetryDelay: 1_000,
    ...options,
  });

const gaps = () => server.requests.slice(1).map((r, i) => r.at - server.requests[i]!.at);

describe('retries', () => {
  it('retries a cut connection and a 503 with the same Idempotency-Key, backing off between them', async () => {
    server.script(
      { cut: true },
      {
        status: 503,
        body: errorBody('service_unavailable'),
        headers: { 'x-should-retry': 'true' },
      },
      { status: 200, body: answer },
    );
    const { data, meta } = await client().imageClassification(PNG_1PX).withMeta();
    expect(data).toEqual(answer);
    expect(meta.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    const keys = server.requests.map((r) => r.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(meta.idempotencyKey).toBe(keys[0]);
    // The same bytes every time.
    expect(new Set(server.requests.map((r) => r.body.toString('base64'))).size).toBe(1);
    // Backoff: 40 ms then 80 ms, each less up to 25 % jitter.
    const [first, second] = gaps();
    expect(first).toBeGreaterThanOrEqual(28);
    expect(second).toBeGreaterThanOrEqual(58);
    expect(second).toBeGreaterThan(first! - 5);
  });

  it('waits exactly the Retry-After the answer asks for, not its own backoff', async () => {
    server.script(
      { status: 429, body: errorBody('rate_limited'), headers: { 'retry-after': '1' } },
      { status: 200, body: answer },
    );
    await client().imageClassification(PNG_1PX);
    const [gap] = gaps();
    expect(gap).toBeGreaterThanOrEqual(990);
    expect(gap).toBeLessThan(1_600);
  });

  it('never retries x-should-retry: false, whatever the status', async () => {
    server.script({
      status: 503,
      body: errorBody('service_unavailable'),
      headers: { 'x-should-retry': 'false', 'retry-after': '1' },
    });
    const error = await client()
      .imageClassification(PNG_1PX)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect(server.requests).toHaveLength(1);

    server.script({
      status: 403,
      body: errorBody('key_cap_reached', 'The key reached its monthly cap.', {
        details: { cap_usd: 5, resets_at: '2026-12-01T00:00:00.000Z' },
      }),
      headers: { 'x-should-retry': 'false' },
    });
    const capped = await client()
      .objectDetection(PNG_1PX)
      .catch((e: unknown) => e);
    expect(server.requests).toHaveLength(1);
    expect(capped).toBeInstanceOf(KeyCapReachedError);
    expect(capped).toBeInstanceOf(APIError);
    expect(capped).toMatchObject({
      status: 403,
      code: 'key_cap_reached',
      message: 'The key reached its monthly cap.',
      requestId: 'req_key_cap_reached',
      details: { resets_at: '2026-12-01T00:00:00.000Z' },
      shouldRetry: false,
      attempts: 1,
    });
  });

  it('retries a 409 only while the idempotent request is in progress', async () => {
    server.script(
      { status: 409, body: errorBody('idempotency_in_progress'), headers: { 'retry-after': '0' } },
      { status: 200, body: answer },
    );
    await expect(client().imageClassification(PNG_1PX)).resolves.toEqual(answer);
    expect(server.requests).toHaveLength(2);

    server.script({ status: 409, body: errorBody('conflict') });
    await expect(client().account.deleteApiKey({ api_key_id: 'k1' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after maxRetries (2 by default) and says how many attempts it made', async () => {
    server.script({ status: 502, body: errorBody('upstream_failed') });
    const error = await client()
      .imageClassification(PNG_1PX)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamFailedError);
    expect((error as APIError).attempts).toBe(3);
    expect(server.requests).toHaveLength(3);

    server.script({ status: 500, body: errorBody('internal_error') });
    await expect(client({ maxRetries: 0 }).imageClassification(PNG_1PX)).rejects.toThrow();
    expect(server.requests).toHaveLength(1);
  });

  it('does not wait for a Retry-After longer than maxRetryAfter: the error comes at once', async () => {
    server.script({
      status: 429,
      body: errorBody('rate_limited'),
      headers: { 'retry-after': '3600' },
    });
    const started = Date.now();
    const error = await client()
      .imageClassification(PNG_1PX)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(Date.now() - started).toBeLessThan(500);
    expect(server.requests).toHaveLength(1);
  });

  it('does not resend a POST that may have run and carries no Idempotency-Key', async () => {
    server.script({ cut: true }, { status: 200, body: {} });
    const error = await client()
      .account.createApiKey({ name: 'ci' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(server.requests).toHaveLength(1);
    // A GET may be resent.
    server.script({ cut: true }, { status: 200, body: { api_keys: [] } });
    await expect(client().account.listApiKeys()).resolves.toEqual({ api_keys: [] });
    expect(server.requests).toHaveLength(2);
  });

  it('computes jittered exponential backoff and reads Retry-After as seconds, a date or milliseconds', () => {
    const settings = { initialRetryDelay: 500, maxRetryDelay: 8_000 };
    expect(backoffMs(0, settings, () => 0)).toBe(500);
    expect(backoffMs(1, settings, () => 0)).toBe(1_000);
    expect(backoffMs(2, settings, () => 1)).toBe(1_500);
    expect(backoffMs(10, settings, () => 0)).toBe(8_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), now)).toBe(7_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), now)).toBe(
      5_000,
    );
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
  });
});

describe('typed errors', () => {
  it('throws the class of each code, and APIError with a null code for an answer without one', async () => {
    for (const code of [
      'insufficient_credits',
      'invalid_api_key',
      'key_restricted',
    ] as ErrorCode[]) {
      server.script({ status: ERROR_CODES[code].status, body: errorBody(code) });
      const error = await client()
        .objectDetection(PNG_1PX)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ERROR_CLASSES[code]);
      expect((error as APIError).code).toBe(code);
      expect((error as Error).name).toBe(ERROR_CLASSES[code].name);
    }
    server.script({ status: 402, body: errorBody('insufficient_credits') });
    await expect(client().objectDetection(PNG_1PX)).rejects.toBeInstanceOf(
      InsufficientCreditsError,
    );

    server.script({ status: 502, body: '<html>Bad gateway</html>' });
    const proxy = (await client({ maxRetries: 0 })
      .objectDetection(PNG_1PX)
      .catch((e: unknown) => e)) as APIError;
    expect(proxy.constructor).toBe(APIError);
    expect(proxy).toMatchObject({ status: 502, code: null, requestId: 'req_1' });
  });

  it('every code of the catalogue has its class', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      expect(ERROR_CLASSES[code].prototype).toBeInstanceOf(APIError);
    }
    expect(IdempotencyInProgressError.name).toBe('IdempotencyInProgressError');
  });
});

describe('account calls', () => {
  it('puts each field where the contract says: path, query, header, body; credentials and organization as headers', async () => {
    server.script({ status: 200, body: { id: 'k1' } });
    const sdk = client({ organizationId: 'org_1' });
    await sdk.account.setApiKeyCap({ api_key_id: 'key 1', monthly_cap_usd: 5 });
    const [cap] = server.requests;
    expect(cap).toMatchObject({ method: 'POST', url: '/v1/api-key/cap' });
    expect(cap!.headers).toMatchObject({
      'x-api-key': 'key 1',
      authorization: 'Bearer va_admin_unit',
      'x-organization-id': 'org_1',
      'content-type': 'application/json',
    });
    expect(cap!.headers['idempotency-key']).toBeUndefined();
    expect(JSON.parse(cap!.body.toString())).toEqual({ monthly_cap_usd: 5 });

    server.script({ status: 200, body: { transactions: [], has_more: false } });
    await sdk.account.listTransactions({ skip: 20, limit: 10 }, { organizationId: 'org_2' });
    expect(server.requests[0]).toMatchObject({
      method: 'GET',
      url: '/v1/transaction?skip=20&limit=10',
    });
    expect(server.requests[0]!.headers['x-organization-id']).toBe('org_2');

    server.script({ status: 200, body: { id: 'm' } });
    await sdk.account.updateMember({ uid: 'a/b', role: 'viewer' });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/v1/team/members/a%2Fb' });
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({ role: 'viewer' });
  });

  it('sends an Idempotency-Key to idempotent operations only, and an ID token before an admin key', async () => {
    server.script({ status: 200, body: { order_id: 'o1' } });
    await client({ idToken: async () => 'id-token-1' }).account.createCreditOrder({
      price_in_usd: 10,
    });
    expect(server.requests[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer id-token-1');
  });

  it('refuses an account call without credentials before sending anything', async () => {
    server.script({ status: 200, body: {} });
    const sdk = new VisionAPI({ apiUrl: server.url, servicesUrl: server.url, adminKey: '' });
    await expect(sdk.account.listApiKeys()).rejects.toThrow(/needs credentials/);
    expect(server.requests).toHaveLength(0);
  });

  it('paginates a paged list until the last page', async () => {
    const page = (from: number, count: number, more: boolean) => ({
      status: 200,
      body: {
        transactions: Array.from({ length: count }, (_, i) => ({ id: `t${from + i}` })),
        total_count: 5,
        has_more: more,
        totals: {},
      },
    });
    server.script(page(0, 2, true), page(2, 2, true), page(4, 1, false));
    const ids: string[] = [];
    for await (const transaction of client().paginate('listTransactions', { limit: 2 }))
      ids.push(transaction.id);
    expect(ids).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(server.requests.map((r) => r.url)).toEqual([
      '/v1/transaction?skip=0&limit=2',
      '/v1/transaction?skip=2&limit=2',
      '/v1/transaction?skip=4&limit=2',
    ]);
  });

  it('reads CSV as text', async () => {
    server.script({ status: 200, body: 'date,calls\n2026-01-01,3\n' });
    await expect(
      client().account.exportDailyUsage({
        start_date: '2026-01-01T00:00:00.000Z',
        end_date: '2026-01-02T00:00:00.000Z',
      }),
    ).resolves.toBe('date,calls\n2026-01-01,3\n');
  });
});

describe('deployment calls', () => {
  it('sends the image as base64 with the parameters and the api-key header, and reads the metadata', async () => {
    server.script({
      status: 200,
      body: answer,
      headers: {
        'idempotent-replayed': 'true',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '59',
        'x-ratelimit-reset': '30',
        'x-spend-cap-limit': '5',
        'x-spend-cap-remaining': '4.25',
        'x-spend-cap-reset': '86400',
      },
    });
    const { meta } = await client()
      .zeroShotObjectDetection(
        PNG_1PX,
        { queries: ['car'], confidence_threshold: 0.2 },
        {
          idempotencyKey: 'mine-1',
        },
      )
      .withMeta();
    const [sent] = server.requests;
    expect(sent).toMatchObject({ method: 'POST', url: '/zero-shot-object-detection' });
    expect(sent!.headers['api-key']).toBe('va_test_unit');
    expect(sent!.headers['idempotency-key']).toBe('mine-1');
    expect(JSON.parse(sent!.body.toString())).toEqual({
      image: PNG_1PX.toString('base64'),
      queries: ['car'],
      confidence_threshold: 0.2,
    });
    expect(meta).toMatchObject({
      status: 200,
      requestId: 'req_1',
      replayed: true,
      rateLimit: { limit: 60, remaining: 59, resetSeconds: 30 },
      spendCap: { limitUsd: 5, remainingUsd: 4.25, resetSeconds: 86400 },
    });
  });

  it('refuses an unknown deployment and a missing key before sending anything', async () => {
    server.script({ status: 200, body: {} });
    await expect(client().run('no-such' as never, PNG_1PX)).rejects.toThrow(/No public deployment/);
    await expect(
      new VisionAPI({ servicesUrl: server.url, apiKey: '' }).objectDetection(PNG_1PX),
    ).rejects.toThrow(/No API key/);
    expect(server.requests).toHaveLength(0);
  });

  it('takes its settings from the environment and accepts an API URL ending in /v1', () => {
    const sdk = new VisionAPI({ apiUrl: 'http://localhost:4010/v1/' });
    expect(sdk.apiUrl).toBe('http://localhost:4010');
    expect(new VisionAPI().servicesUrl).toBe(
      process.env.VISIONAPI_SERVICES_URL ?? 'https://services.visionapi.dev',
    );
  });
});
