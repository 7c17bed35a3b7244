/**
 * Sending one /v1 call, with no sign-in: the URL, the JSON body, and every outcome turned into
 * data or an error message (spec §8). The requester (./request.ts) adds the user's token first;
 * the public pricing call, made on every page, uses this alone.
 */
import type { RequestOptions, Requester } from './request';
import type { ApiResult } from './result';
import { joinUrl } from './url';

export interface Transport {
  baseUrl: () => string;
  fetch?: typeof fetch;
}

/** JSON in, JSON out, and the call's own headers. */
export function baseHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

function buildUrl(base: string, path: string, query?: RequestOptions['query']): string {
  const url = joinUrl(base, path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.set(key, String(value));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readErrorMessage(response: Response): Promise<string | undefined> {
  try {
    const json: unknown = await response.json();
    if (json && typeof json === 'object' && 'error_message' in json) {
      const message = (json as { error_message: unknown }).error_message;
      if (typeof message === 'string' && message.trim()) return message;
    }
  } catch {
    // Not JSON (proxy error page, empty body): fall back to the call's default.
  }
  return undefined;
}

/** Sends the call; a network failure or an answer without `error_message` gives the call's default. */
export async function send<T>(
  transport: Transport,
  options: RequestOptions,
  headers: Record<string, string>,
): Promise<ApiResult<T>> {
  const { method, path, query, body, defaultMessage, responseType = 'json' } = options;
  let response: Response;
  try {
    response = await (transport.fetch ?? fetch)(buildUrl(transport.baseUrl(), path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { error_message: defaultMessage };
  }

  if (!response.ok) {
    return {
      error_message: (await readErrorMessage(response)) ?? defaultMessage,
      status: response.status,
    };
  }
  if (response.status === 204) return { data: undefined as T };
  try {
    return { data: (await response[responseType]()) as T };
  } catch {
    return { error_message: defaultMessage, status: response.status };
  }
}

/** A requester for calls made without signing in (`auth: 'none'`). */
export function createPublicRequester(transport: Transport): Requester {
  return (options) => send(transport, options, baseHeaders(options));
}
