import { describe, expect, it, vi } from 'vitest';
import {
  createRequester,
  waitForUser,
  type AuthSource,
  type TokenUser,
} from '../../src/api/request';
import type { ApiResult } from '../../src/api/result';
import type { Balance } from '@contract/account';

function fakeUser(token = 'id-token'): TokenUser & { getIdToken: ReturnType<typeof vi.fn> } {
  return { getIdToken: vi.fn(async (force?: boolean) => (force ? `${token}-fresh` : token)) };
}

/** An auth source whose user appears after `appearAfter` polls (never when undefined). */
function fakeAuth(user: TokenUser | null, appearAfter = 0): AuthSource & { polls: number } {
  const source = {
    polls: 0,
    currentUser: () => (source.polls++ >= appearAfter ? user : null),
  };
  return source;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function setup(auth: AuthSource, fetchImpl: typeof fetch) {
  const sleeps: number[] = [];
  const request = createRequester({
    baseUrl: () => 'http://api.test/v1',
    authSource: auth,
    fetch: fetchImpl,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  return { request, sleeps };
}

const balanceCall = {
  method: 'GET',
  path: 'credits/balance',
  defaultMessage: 'default message',
} as const;

describe('account request', () => {
  it('sends JSON with the Bearer ID token and returns data on 200', async () => {
    const fetchMock = vi.fn(async () => json(200, { remaining_credits: 25 }));
    const { request } = setup(fakeAuth(fakeUser()), fetchMock);
    const result = await request<Balance>({ ...balanceCall });
    expect(result).toEqual({ data: { remaining_credits: 25 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api.test/v1/credits/balance');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token');
  });

  it('forces a token refresh when asked', async () => {
    const user = fakeUser();
    const fetchMock = vi.fn(async () => json(200, {}));
    const { request } = setup(fakeAuth(user), fetchMock);
    await request({
      method: 'POST',
      path: 'organization',
      body: {},
      forceRefresh: true,
      defaultMessage: 'x',
    });
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer id-token-fresh');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('waits for the user, polling every 600 ms', async () => {
    const auth = fakeAuth(fakeUser(), 2);
    const { request, sleeps } = setup(
      auth,
      vi.fn(async () => json(200, { remaining_credits: 1 })),
    );
    const result = await request<Balance>({ ...balanceCall });
    expect(result.data?.remaining_credits).toBe(1);
    expect(sleeps).toEqual([600, 600]);
  });

  it("answers 'Authentication error' when no user appears within about 2 s, without calling the server", async () => {
    const fetchMock = vi.fn();
    const { request, sleeps } = setup(fakeAuth(null), fetchMock);
    const result = await request({ ...balanceCall });
    expect(result).toEqual({ error_message: 'Authentication error' });
    expect(fetchMock).not.toHaveBeenCalled();
    const waited = sleeps.reduce((a, b) => a + b, 0);
    expect(waited).toBeGreaterThanOrEqual(1800);
    expect(waited).toBeLessThanOrEqual(2000);
  });

  it("returns the server's error_message on a non-2xx answer", async () => {
    const { request } = setup(
      fakeAuth(fakeUser()),
      vi.fn(async () => json(500, { error_message: 'Ledger unavailable' })),
    );
    expect(await request({ ...balanceCall })).toEqual({
      error_message: 'Ledger unavailable',
      status: 500,
    });
  });

  it('returns the default message when the error has no error_message, or the network fails', async () => {
    const html = setup(
      fakeAuth(fakeUser()),
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await html.request({ ...balanceCall })).toEqual({
      error_message: 'default message',
      status: 502,
    });
    const down = setup(
      fakeAuth(fakeUser()),
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await down.request({ ...balanceCall })).toEqual({ error_message: 'default message' });
  });

  it('sends no token and does not wait for calls without auth', async () => {
    const auth = fakeAuth(fakeUser());
    const fetchMock = vi.fn(async () => json(200, { ok: true }));
    const { request } = setup(auth, fetchMock);
    await request({
      method: 'GET',
      path: 'pricing/pubic-deployment',
      auth: 'none',
      defaultMessage: 'x',
    });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(auth.polls).toBe(0);
  });

  it('results hold data or error_message, never both (types)', async () => {
    const { request } = setup(
      fakeAuth(fakeUser()),
      vi.fn(async () => json(200, { remaining_credits: 3 })),
    );
    const result: ApiResult<Balance> = await request<Balance>({ ...balanceCall });
    // @ts-expect-error data may be absent until the result is narrowed
    expect(result.data.remaining_credits).toBe(3);
    if (result.error_message === undefined) {
      expect(result.data.remaining_credits).toBe(3);
    }
    // @ts-expect-error a result cannot carry both data and error_message
    const both: ApiResult<Balance> = { data: { remaining_credits: 1 }, error_message: 'x' };
    expect(both).toBeDefined();
    // @ts-expect-error a result needs one of them
    const neither: ApiResult<Balance> = {};
    expect(neither).toBeDefined();
  });
});

describe('waitForUser', () => {
  it('returns at once when the user is there', async () => {
    const sleep = vi.fn(async () => undefined);
    const user = fakeUser();
    expect(await waitForUser(fakeAuth(user), { sleep })).toBe(user);
    expect(sleep).not.toHaveBeenCalled();
  });
});
