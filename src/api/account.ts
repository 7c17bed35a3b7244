/**
 * The account backend under /v1 (spec §7): one function per call, each with
 * its default message from spec §8. Shapes come from the contract.
 */
import type {
  ApiKey,
  ApiKeyList,
  ApiKeyWithSecret,
  Balance,
  CreditOrder,
  DeletedApiKey,
  EmailVerification,
  FeedbackBody,
  FeedbackReceipt,
  Organization,
  OrganizationBody,
  OrganizationPatchBody,
  PaymentList,
  PublicPricing,
  RollApiKeyBody,
  SandboxConfirmBody,
  TransactionList,
} from '@contract/account';
import { API_MESSAGES } from './messages';
import { getPublicPricing } from './pricing-call';
import type { Requester } from './request';
import type { ApiResult } from './result';

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

export function createAccountClient(request: Requester) {
  return {
    getBalance: (): Promise<ApiResult<Balance>> =>
      request({
        method: 'GET',
        path: 'credits/balance',
        defaultMessage: API_MESSAGES.fetchBalance,
      }),

    /** The answer carries the full secret (`key`) this once. */
    createApiKey: (name: string): Promise<ApiResult<ApiKeyWithSecret>> =>
      request({
        method: 'POST',
        path: 'api-key',
        body: { name },
        defaultMessage: API_MESSAGES.processRequest,
        authMessage: API_MESSAGES.loginBeforeCreatingKey,
      }),

    getApiKeys: (): Promise<ApiResult<ApiKeyList>> =>
      request({ method: 'GET', path: 'api-key', defaultMessage: API_MESSAGES.fetchApiKeys }),

    setDefaultApiKey: (keyId: string): Promise<ApiResult<ApiKey>> =>
      request({
        method: 'POST',
        path: 'api-key/set-default',
        headers: { 'x-api-key': keyId },
        defaultMessage: API_MESSAGES.setDefaultApiKey,
      }),

    /**
     * A new secret for the key, shown this once; the old one stops working at once (0) or after
     * the chosen grace period, in hours.
     */
    rollApiKey: (
      keyId: string,
      expirePreviousInHours: RollApiKeyBody['expire_previous_in_hours'],
    ): Promise<ApiResult<ApiKeyWithSecret>> =>
      request({
        method: 'POST',
        path: 'api-key/roll',
        headers: { 'x-api-key': keyId },
        body: { expire_previous_in_hours: expirePreviousInHours },
        defaultMessage: API_MESSAGES.processRequest,
      }),

    deleteApiKey: (keyId: string): Promise<ApiResult<DeletedApiKey>> =>
      request({
        method: 'DELETE',
        path: 'api-key',
        headers: { 'x-api-key': keyId },
        defaultMessage: API_MESSAGES.deleteApiKey,
      }),

    /** Optional fields (gstin, address) are sent only when filled (spec §5). */
    registerOrganization: (body: OrganizationBody): Promise<ApiResult<Organization>> =>
      request({
        method: 'POST',
        path: 'organization',
        body: withoutEmptyOptionals(body),
        forceRefresh: true,
        defaultMessage: API_MESSAGES.registerOrganization,
      }),

    updateOrganization: (body: OrganizationPatchBody): Promise<ApiResult<Organization>> =>
      request({
        method: 'PATCH',
        path: 'organization',
        body: withoutEmptyOptionals(body),
        forceRefresh: true,
        defaultMessage: API_MESSAGES.updateOrganization,
      }),

    /** 404 (`status`) means no organization yet; a 401 should be handled quietly by the page. */
    getOrganization: (): Promise<ApiResult<Organization>> =>
      request({
        method: 'GET',
        path: 'organization',
        defaultMessage: API_MESSAGES.fetchOrganization,
      }),

    checkEmailVerified: (): Promise<ApiResult<EmailVerification>> =>
      request({
        method: 'POST',
        path: 'organization/verify',
        forceRefresh: true,
        defaultMessage: API_MESSAGES.checkEmailVerification,
      }),

    /** Feedback and contact messages; the token is attached when a user is signed in. */
    sendFeedback: (body: FeedbackBody): Promise<ApiResult<FeedbackReceipt>> =>
      request({
        method: 'POST',
        path: 'email',
        body,
        auth: 'optional',
        defaultMessage: API_MESSAGES.submitFeedback,
      }),

    getTransactions: ({
      startDate,
      endDate,
      skip = 0,
      limit = 10,
    }: TransactionRange): Promise<ApiResult<TransactionList>> =>
      request({
        method: 'GET',
        path: 'transaction',
        query: {
          start_date: startOfLocalDayIso(startDate),
          end_date: endOfDayIso(endDate),
          skip,
          limit,
        },
        defaultMessage: API_MESSAGES.fetchTransactions,
      }),

    buyCredits: (priceInUsd: number): Promise<ApiResult<CreditOrder>> =>
      request({
        method: 'POST',
        path: 'credits',
        body: { price_in_usd: priceInUsd },
        defaultMessage: API_MESSAGES.buyCredits,
      }),

    /**
     * Sandbox provider only: pays the order like a card would. The answer is usually
     * `processing`: the backend credits the wallet a moment later (poll `getCreditOrder`).
     */
    confirmSandboxPayment: (body: SandboxConfirmBody): Promise<ApiResult<CreditOrder>> =>
      request({
        method: 'POST',
        path: 'credits/sandbox/confirm',
        body,
        defaultMessage: API_MESSAGES.processRequest,
      }),

    /** One order with its payment: `succeeded` once the backend has credited the wallet. */
    getCreditOrder: (orderId: string): Promise<ApiResult<CreditOrder>> =>
      request({
        method: 'GET',
        path: `credits/orders/${encodeURIComponent(orderId)}`,
        defaultMessage: API_MESSAGES.processRequest,
      }),

    getPaymentLogs: ({
      skip = 0,
      limit = PAYMENTS_PAGE_SIZE,
    }: { skip?: number; limit?: number } = {}): Promise<ApiResult<PaymentList>> =>
      request({
        method: 'GET',
        path: 'credits/payments',
        query: { skip, limit },
        defaultMessage: API_MESSAGES.fetchPaymentLogs,
      }),

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
