/**
 * The account backend under /v1 (spec §7): one function per call, each with its default message
 * from spec §8 (./v1.ts). Shapes come from the contract.
 */
import type {
  FeedbackBody,
  OrganizationBody,
  OrganizationPatchBody,
  PublicPricing,
  RollApiKeyBody,
  SandboxConfirmBody,
} from '@contract/account';
import { postFeedback } from './feedback-call';
import { getPublicPricing } from './pricing-call';
import type { Requester } from './request';
import type { ApiResult } from './result';
import { createV1Client } from './v1';

export interface TransactionRange {
  /** First day of the range (local calendar day). */
  startDate: Date;
  /** Last day of the range, inclusive. */
  endDate: Date;
  skip?: number;
  limit?: number;
}

/** Local midnight of the day, as an ISO string (spec §7: start_date). */
export function startOfLocalDayIso(day: Date): string {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate()).toISOString();
}

/** The day's end written as `YYYY-MM-DDT23:59:59.999Z` (spec §7: end_date). */
export function endOfDayIso(day: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}T23:59:59.999Z`;
}

/** Default page size of the payment log (spec §9). */
export const PAYMENTS_PAGE_SIZE = 10;

/**
 * The account calls the pages make, as functions with the arguments a page has (dates, a key id),
 * each one typed call of the /v1 map (./v1.ts).
 */
export function createAccountClient(request: Requester) {
  const v1 = createV1Client(request);
  return {
    v1,

    getBalance: () => v1('GET /credits/balance'),

    /** The answer carries the full secret (`key`) this once. */
    createApiKey: (name: string) => v1('POST /api-key', { body: { name } }),

    getApiKeys: () => v1('GET /api-key'),

    setDefaultApiKey: (keyId: string) =>
      v1('POST /api-key/set-default', { headers: { 'x-api-key': keyId } }),

    /**
     * A new secret for the key, shown this once; the old one stops working at once (0) or after
     * the chosen grace period, in hours.
     */
    rollApiKey: (
      keyId: string,
      expirePreviousInHours: RollApiKeyBody['expire_previous_in_hours'],
    ) =>
      v1('POST /api-key/roll', {
        headers: { 'x-api-key': keyId },
        body: { expire_previous_in_hours: expirePreviousInHours },
      }),

    deleteApiKey: (keyId: string) => v1('DELETE /api-key', { headers: { 'x-api-key': keyId } }),

    /** Optional fields (gstin, address) are sent only when filled (spec §5). */
    registerOrganization: (body: OrganizationBody) =>
      v1('POST /organization', { body: withoutEmptyOptionals(body) }),

    updateOrganization: (body: OrganizationPatchBody) =>
      v1('PATCH /organization', { body: withoutEmptyOptionals(body) }),

    /** 404 (`status`) means no organization yet; a 401 should be handled quietly by the page. */
    getOrganization: () => v1('GET /organization'),

    checkEmailVerified: () => v1('POST /organization/verify'),

    /** Feedback and contact messages; the token is attached when a user is signed in. */
    sendFeedback: (body: FeedbackBody) => postFeedback(request, body),

    getTransactions: ({ startDate, endDate, skip = 0, limit = 10 }: TransactionRange) =>
      v1('GET /transaction', {
        query: {
          start_date: startOfLocalDayIso(startDate),
          end_date: endOfDayIso(endDate),
          skip,
          limit,
        },
      }),

    buyCredits: (priceInUsd: number) => v1('POST /credits', { body: { price_in_usd: priceInUsd } }),

    /**
     * Sandbox provider only: pays the order like a card would. The answer is usually
     * `processing`: the backend credits the wallet a moment later (poll `getCreditOrder`).
     */
    confirmSandboxPayment: (body: SandboxConfirmBody) =>
      v1('POST /credits/sandbox/confirm', { body }),

    /** One order with its payment: `succeeded` once the backend has credited the wallet. */
    getCreditOrder: (orderId: string) =>
      v1('GET /credits/orders/{order_id}', { params: { order_id: orderId } }),

    getPaymentLogs: ({
      skip = 0,
      limit = PAYMENTS_PAGE_SIZE,
    }: { skip?: number; limit?: number } = {}) =>
      v1('GET /credits/payments', { query: { skip, limit } }),

    getPublicPricing: (): Promise<ApiResult<PublicPricing>> => getPublicPricing(request),
  };
}

export type AccountClient = ReturnType<typeof createAccountClient>;

function withoutEmptyOptionals<T extends { gstin?: string; address?: string }>(body: T): T {
  const copy = { ...body };
  for (const key of ['gstin', 'address'] as const) {
    const value = copy[key];
    if (value === undefined || value.trim() === '') delete copy[key];
  }
  return copy;
}
