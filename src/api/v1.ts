/**
 * The typed requester of the account API: `v1('GET /credits/orders/{order_id}', { params })`.
 * The endpoint map of the contract (`V1Endpoints`, contract/endpoints.ts) decides what each call
 * takes and answers, so a wrong path, a missing or extra parameter, body or header, or a misread
 * answer fails `tsc` (tests/unit/api-v1.test.ts holds the type tests). V1_CALLS gives each
 * endpoint its default message (spec §8) and how it authenticates, from the operations table.
 */
import type { V1EndpointKey, V1Endpoints } from '@contract/endpoints';
import type { ApiMessage } from '@contract/messages';
import { OPERATION_INDEX } from '@contract/operations.generated';
import { API_MESSAGES } from './messages';
import type { AuthMode, RequestOptions, Requester } from './request';
import type { ApiResult } from './result';

interface CallSpec {
  /** The answer when the call fails without the server's own `error_message`. */
  message: string;
  /** The answer when no user signs in in time (default 'Authentication error'). */
  authMessage?: string;
  /** Calls that change the user's claims get a fresh ID token first (spec §7). */
  forceRefresh?: true;
  auth?: AuthMode;
  responseType?: RequestOptions['responseType'];
}

/**
 * How each /v1 call fails and authenticates, from the operations table's index
 * (contract/operations.generated.ts): its default message (spec §8, by name in the catalogue),
 * how it signs in, and what its answer is.
 */
export const V1_CALLS = Object.fromEntries(
  Object.values(OPERATION_INDEX)
    .filter((operation) => !('only' in operation))
    .map((operation) => {
      const client = operation.client as {
        message: ApiMessage;
        authMessage?: ApiMessage;
        forceRefresh?: true;
        auth?: AuthMode;
        responseType?: RequestOptions['responseType'];
      };
      const spec: CallSpec = {
        message: API_MESSAGES[client.message],
        ...(client.authMessage ? { authMessage: API_MESSAGES[client.authMessage] } : {}),
        ...(client.forceRefresh ? { forceRefresh: true } : {}),
        ...(client.auth ? { auth: client.auth } : {}),
        ...(client.responseType ? { responseType: client.responseType } : {}),
      };
      return [`${operation.method} ${operation.path}`, spec];
    }),
) as { readonly [K in V1EndpointKey]: CallSpec };

type Def<K extends V1EndpointKey> = V1Endpoints[K];
/** A part of the request: required when the endpoint has it, refused when it has none. */
type Part<T, Name extends string, Optional extends boolean = false> = [T] extends [undefined]
  ? { [P in Name]?: never }
  : Optional extends true
    ? { [P in Name]?: T }
    : { [P in Name]: T };

/** What a call of `K` sends: its path parameters, query, headers and body, as the map says. */
export type V1Input<K extends V1EndpointKey> = Part<Def<K>['params'], 'params'> &
  Part<Def<K>['query'], 'query', true> &
  Part<Def<K>['headers'], 'headers'> &
  Part<Def<K>['body'], 'body'>;
/** The 2xx answer of `K`. */
export type V1Answer<K extends V1EndpointKey> = Def<K>['response'];
// The input may be left out when nothing in it is required.
type V1Args<K extends V1EndpointKey> =
  Record<string, never> extends V1Input<K> ? [input?: V1Input<K>] : [input: V1Input<K>];

export type V1Call = <K extends V1EndpointKey>(
  endpoint: K,
  ...args: V1Args<K>
) => Promise<ApiResult<V1Answer<K>>>;

/** `credits/orders/{order_id}` with each `{name}` replaced by its escaped value. */
function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
}

export function createV1Client(request: Requester): V1Call {
  return (endpoint, ...[input]) => {
    const space = endpoint.indexOf(' ');
    const spec: CallSpec = V1_CALLS[endpoint];
    const parts = (input ?? {}) as {
      params?: Record<string, string>;
      query?: RequestOptions['query'];
      headers?: Record<string, string>;
      body?: unknown;
    };
    return request({
      method: endpoint.slice(0, space) as RequestOptions['method'],
      // The map's paths start with a slash; the requester's are relative to the /v1 base.
      path: fillPath(endpoint.slice(space + 2), parts.params),
      query: parts.query,
      headers: parts.headers,
      body: parts.body,
      defaultMessage: spec.message,
      authMessage: spec.authMessage,
      forceRefresh: spec.forceRefresh,
      auth: spec.auth,
      responseType: spec.responseType,
    });
  };
}
