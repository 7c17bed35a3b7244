/**
 * The typed requester of the account API: `v1('GET /credits/orders/{order_id}', { params })`.
 * The endpoint map of the contract (`V1Endpoints`, contract/endpoints.ts) decides what each call
 * takes and answers, so a wrong path, a missing or extra parameter, body or header, or a misread
 * answer fails `tsc` (tests/unit/api-v1.test.ts holds the type tests). V1_CALLS gives each
 * endpoint its default message (spec §8) and how it authenticates.
 */
import type { V1EndpointKey, V1Endpoints } from '@contract/endpoints';
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

const processRequest = { message: API_MESSAGES.processRequest };

/** How each /v1 call fails and authenticates; `tsc` asks for a line per endpoint of the map. */
export const V1_CALLS: { readonly [K in V1EndpointKey]: CallSpec } = {
  'POST /api-key': { ...processRequest, authMessage: API_MESSAGES.loginBeforeCreatingKey },
  'GET /api-key': { message: API_MESSAGES.fetchApiKeys },
  'POST /api-key/set-default': { message: API_MESSAGES.setDefaultApiKey },
  'POST /api-key/roll': processRequest,
  'POST /api-key/cap': processRequest,
  'POST /api-key/restrictions': processRequest,
  'POST /api-key/disable': processRequest,
  'POST /api-key/enable': processRequest,
  'DELETE /api-key': { message: API_MESSAGES.deleteApiKey },
  'GET /billing/settings': processRequest,
  'PUT /billing/settings': processRequest,
  'POST /billing/payment-method/setup': processRequest,
  'POST /billing/payment-method/sandbox': processRequest,
  'DELETE /billing/payment-method': processRequest,
  // An invoice is read from the payment log.
  'GET /credits/payments/{payment_id}/invoice': {
    message: API_MESSAGES.fetchPaymentLogs,
    responseType: 'blob',
  },
  // The usage page's transactional data, aggregated: the catalogue's message for it.
  'GET /usage/daily': { message: API_MESSAGES.fetchTransactions },
  'GET /usage/daily.csv': { message: API_MESSAGES.fetchTransactions, responseType: 'text' },
  'GET /transaction.csv': {
    message: API_MESSAGES.fetchTransactions,
    responseType: 'text',
  },
  'POST /organization': { message: API_MESSAGES.registerOrganization, forceRefresh: true },
  'PATCH /organization': { message: API_MESSAGES.updateOrganization, forceRefresh: true },
  'GET /organization': { message: API_MESSAGES.fetchOrganization },
  'POST /organization/verify': {
    message: API_MESSAGES.checkEmailVerification,
    forceRefresh: true,
  },
  'GET /credits/balance': { message: API_MESSAGES.fetchBalance },
  'POST /credits': { message: API_MESSAGES.buyCredits },
  'GET /credits/orders/{order_id}': processRequest,
  'POST /credits/sandbox/confirm': processRequest,
  'GET /credits/payments': { message: API_MESSAGES.fetchPaymentLogs },
  'GET /transaction': { message: API_MESSAGES.fetchTransactions },
  // Sent with the token when someone is signed in (feedback works signed out too).
  'POST /email': { message: API_MESSAGES.submitFeedback, auth: 'optional' },
  'GET /pricing/pubic-deployment': { message: API_MESSAGES.fetchPricing, auth: 'none' },
  'GET /demo-key': { message: API_MESSAGES.signInToProcessImage, auth: 'none' },
  // Teams: no message of the spec's catalogue names them, so the generic one stands in.
  'GET /organizations': { message: API_MESSAGES.fetchOrganization },
  'POST /organizations': { message: API_MESSAGES.registerOrganization, forceRefresh: true },
  'POST /organizations/select': processRequest,
  'GET /team/members': processRequest,
  'PATCH /team/members/{uid}': processRequest,
  'DELETE /team/members/{uid}': { ...processRequest, forceRefresh: true },
  'POST /team/leave': processRequest,
  'POST /team/transfer': { ...processRequest, forceRefresh: true },
  'GET /team/invitations': processRequest,
  'POST /team/invitations': processRequest,
  'POST /team/invitations/{invitation_id}/resend': processRequest,
  'DELETE /team/invitations/{invitation_id}': processRequest,
  'POST /invitations/preview': { ...processRequest, auth: 'none' },
  'POST /invitations/accept': processRequest,
  'GET /audit-log': processRequest,
  'GET /audit-log.csv': { ...processRequest, responseType: 'text' },
  'GET /admin-keys': processRequest,
  'POST /admin-keys': { ...processRequest, forceRefresh: true },
  'POST /admin-keys/{admin_key_id}/roll': { ...processRequest, forceRefresh: true },
  'DELETE /admin-keys/{admin_key_id}': { ...processRequest, forceRefresh: true },
};

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
