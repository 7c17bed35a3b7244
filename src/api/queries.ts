/**
 * The account calls as cache entries (./cache.ts): each keyed by its endpoint of the /v1 map and
 * what it was asked, `['GET /credits/payments', { skip, limit }]`. Pages read them with
 * `useQuery(balanceQuery())`; code outside React (the playground, the code samples) with
 * `queryClient.fetchQuery`.
 */
import { keepPreviousData, queryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { ApiKeyList } from '@contract/account';
import type { DailyUsageQuery } from '@contract/billing';
import type { V1EndpointKey } from '@contract/endpoints';
import { getSiteConfig } from '@site/src/config';
import { account } from './index';
import { queryClient, unwrap, type ApiError } from './cache';
import { PAYMENTS_PAGE_SIZE } from './account';
import type { ApiResult } from './result';
import { createServicesClient } from './services';

/** What a page shows for an entry: the wait, the failure, or the data. */
export type Loadable<T> =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string; status?: number }
  | { kind: 'ready'; data: T };

/**
 * An entry as a page shows it. Trying again after a failure shows the wait again; a refetch of
 * data already shown (after a change, or the next page) keeps it on screen.
 */
export function loadable<T>(query: UseQueryResult<T, ApiError>): Loadable<T> {
  if (query.status === 'pending' || (query.status === 'error' && query.isFetching))
    return { kind: 'loading' };
  if (query.status === 'error')
    return { kind: 'failed', message: query.error.error_message, status: query.error.status };
  return { kind: 'ready', data: query.data };
}

/** The cache key of a call: its endpoint, then what it was asked. */
export function v1Key<K extends V1EndpointKey>(endpoint: K, input?: object) {
  return input === undefined ? ([endpoint] as const) : ([endpoint, input] as const);
}

/** The wallet's balance: the navbar chip and the buy-credits page read this one entry. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /credits/balance'),
    queryFn: () => account.getBalance().then(unwrap),
  });

/** The organization; 404 (none yet) and 401 (session ended) are answered quietly (spec §7). */
export const organizationQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /organization'),
    queryFn: () => account.getOrganization().then(unwrap),
    meta: { quiet: [401, 404] },
  });

/** Whether the user's e-mail is verified, as the server sees it. */
export const emailVerificationQuery = () =>
  queryOptions({
    queryKey: v1Key('POST /organization/verify'),
    queryFn: () => account.checkEmailVerified().then(unwrap),
  });

export const apiKeysQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /api-key'),
    queryFn: () => account.getApiKeys().then(unwrap),
  });

/** One credit order, as it is now (after a provider's redirect back to the page). */
export const creditOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: v1Key('GET /credits/orders/{order_id}', { order_id: orderId }),
    queryFn: () => account.getCreditOrder(orderId).then(unwrap),
    meta: { quiet: true },
  });

/** One page of the payment log; the previous page stays shown while the next one loads. */
export const paymentsQuery = (skip: number) =>
  queryOptions({
    queryKey: v1Key('GET /credits/payments', { skip, limit: PAYMENTS_PAGE_SIZE }),
    queryFn: () => account.getPaymentLogs({ skip, limit: PAYMENTS_PAGE_SIZE }).then(unwrap),
    placeholderData: keepPreviousData,
  });

/** Auto-recharge, the saved card and the low-balance alert (the buy-credits page). */
export const billingSettingsQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /billing/settings'),
    queryFn: () => account.v1('GET /billing/settings').then(unwrap),
  });

/**
 * Spend and calls per day and deployment for a range, aggregated by the server: one request per
 * range, however many transactions it holds (the usage chart and totals).
 */
export const dailyUsageQuery = (query: DailyUsageQuery) =>
  queryOptions({
    queryKey: v1Key('GET /usage/daily', query),
    queryFn: () => account.v1('GET /usage/daily', { query }).then(unwrap),
  });

/**
 * What a purchase or a metered call changes: balance, organization (wallet), usage, payments,
 * the keys' spend this month, and the billing settings (an automatic recharge may have failed).
 */
const WALLET: readonly V1EndpointKey[] = [
  'GET /credits/balance',
  'GET /organization',
  'GET /transaction',
  'GET /usage/daily',
  'GET /credits/payments',
  'GET /api-key',
  'GET /billing/settings',
];

/** After a purchase or a metered call: what is shown refetches, the rest on its next use. */
export function invalidateWallet(): Promise<void> {
  return Promise.all(
    WALLET.map((endpoint) => queryClient.invalidateQueries({ queryKey: [endpoint] })),
  ).then(() => undefined);
}

/** After a purchase settles, whatever its outcome: the payment log. */
export function invalidatePayments(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: v1Key('GET /credits/payments') });
}

/** After the billing settings change: they, and the balance's low-balance state. */
export function invalidateBilling(): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: billingSettingsQuery().queryKey }),
    queryClient.invalidateQueries({ queryKey: balanceQuery().queryKey }),
  ]).then(() => undefined);
}

/** After a key is created, rolled, made the default, capped or deleted. */
export function invalidateApiKeys(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: apiKeysQuery().queryKey });
}

/** The keys through the cache, as a call result (for code outside React). */
export function fetchApiKeys(): Promise<ApiResult<ApiKeyList>> {
  return queryClient.fetchQuery({ ...apiKeysQuery(), meta: { quiet: true } }).then(
    (data) => ({ data }),
    (error: ApiError) => ({ error_message: error.error_message, status: error.status }),
  );
}

/**
 * Why a signed-in member has no key to try a deployment with, when it is their role (billing and
 * viewer members read no secret): the organization from the cache, the wording loaded only then.
 */
async function playgroundNoKeyMessage(): Promise<string | null> {
  try {
    const [organization, roles] = await Promise.all([
      queryClient.fetchQuery({ ...organizationQuery(), meta: { quiet: true } }),
      import('./roles'),
    ]);
    return roles.playgroundRoleMessage(organization);
  } catch {
    return null;
  }
}

/** Image calls whose key look-up reads the cache (the playground, signed in). */
export const cachedServices = createServicesClient({
  baseUrl: () => getSiteConfig().servicesBaseUrl,
  getApiKeys: fetchApiKeys,
  noKeyMessage: playgroundNoKeyMessage,
});
