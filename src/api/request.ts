/**
 * The one request function behind every account call: waits for a signed-in
 * user, attaches the ID token, and turns every outcome into data or an
 * error message (spec §7, §8).
 */
import type { ApiResult } from './result';
import { API_MESSAGES } from './messages';
import { baseHeaders, send, type Transport } from './transport';

/** What the client needs from the signed-in user. */
export interface TokenUser {
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** Where the client finds the user. `load` asks the source to start the identity SDK if needed. */
export interface AuthSource {
  currentUser(options: { load: boolean }): TokenUser | null;
}

export type AuthMode = 'required' | 'optional' | 'none';

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the base URL, without a leading slash: `api-key`, `credits/balance`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /** The call's message for network failures and answers without `error_message`. */
  defaultMessage: string;
  /** The message when no user appears in time (default 'Authentication error'). */
  authMessage?: string;
  /** Get a fresh ID token first (calls that change claims, spec §7). */
  forceRefresh?: boolean;
  auth?: AuthMode;
  /** How a 2xx answer is read: JSON (default), text (CSV) or a Blob (PDF). */
  responseType?: 'json' | 'text' | 'blob';
}

export interface RequestDeps extends Transport {
  authSource: AuthSource;
  /** Headers of every signed-in call (the organization it acts on). */
  signedInHeaders?: () => Record<string, string>;
  /** Spec §7/§9: wait up to 2000 ms for the user, polling every 600 ms. */
  userWaitMs?: number;
  userPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type Requester = <T>(options: RequestOptions) => Promise<ApiResult<T>>;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls the auth source until a user exists or the wait is over. */
export async function waitForUser(
  source: AuthSource,
  {
    waitMs = 2000,
    pollMs = 600,
    sleep = defaultSleep,
  }: { waitMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<TokenUser | null> {
  for (let waited = 0; ; waited += pollMs) {
    const user = source.currentUser({ load: true });
    if (user) return user;
    if (waited + pollMs > waitMs) return null;
    await sleep(pollMs);
  }
}

export function createRequester(deps: RequestDeps): Requester {
  const { authSource, userWaitMs = 2000, userPollMs = 600, sleep = defaultSleep } = deps;

  return async function request<T>(options: RequestOptions): Promise<ApiResult<T>> {
    const { forceRefresh = false, auth = 'required' } = options;
    const headers = baseHeaders(options);

    if (auth !== 'none') {
      const user =
        auth === 'required'
          ? await waitForUser(authSource, { waitMs: userWaitMs, pollMs: userPollMs, sleep })
          : authSource.currentUser({ load: false });
      if (!user && auth === 'required')
        return { error_message: options.authMessage ?? API_MESSAGES.authentication };
      if (user) {
        Object.assign(headers, deps.signedInHeaders?.());
        try {
          headers.Authorization = `Bearer ${await user.getIdToken(forceRefresh)}`;
        } catch {
          // The SDK could not refresh the token (offline, account disabled: it then signs out).
          if (auth === 'required')
            return { error_message: options.authMessage ?? API_MESSAGES.authentication };
        }
      }
    }

    return send<T>(deps, options, headers);
  };
}
