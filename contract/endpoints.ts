/**
 * The account API as one type-level map, so a typed client can derive the
 * body, query, headers and answer of a call from its method and path
 * (relative to the `/v1` base URL). Every non-2xx answer is `ErrorResponse`.
 */
import type {
  ApiKey,
  ApiKeyIdHeaders,
  ApiKeyList,
  ApiKeyWithSecret,
  Balance,
  CreateApiKeyBody,
  CreateCreditOrderBody,
  CreditOrder,
  CreditOrderParams,
  DeletedApiKey,
  EmailVerification,
  FeedbackBody,
  FeedbackReceipt,
  Organization,
  OrganizationBody,
  OrganizationPatchBody,
  PageQuery,
  PaymentList,
  PublicPricing,
  RollApiKeyBody,
  SandboxConfirmBody,
  TransactionList,
  TransactionQuery,
} from './account';
import type {
  ApiKeyCapBody,
  BillingSettings,
  BillingSettingsBody,
  DailyUsage,
  DailyUsageQuery,
  PaymentIdParams,
  PaymentMethodSetup,
  SandboxCardBody,
  TransactionCsvQuery,
} from './billing';

interface Endpoint<
  Res,
  Body = undefined,
  Query = undefined,
  Headers = undefined,
  Params = undefined,
> {
  body: Body;
  query: Query;
  headers: Headers;
  params: Params;
  response: Res;
  /** False for calls that work without signing in. */
  auth: boolean;
}

export interface V1Endpoints {
  'POST /api-key': Endpoint<ApiKeyWithSecret, CreateApiKeyBody>;
  'GET /api-key': Endpoint<ApiKeyList>;
  'POST /api-key/set-default': Endpoint<ApiKey, undefined, undefined, ApiKeyIdHeaders>;
  'POST /api-key/roll': Endpoint<ApiKeyWithSecret, RollApiKeyBody, undefined, ApiKeyIdHeaders>;
  'POST /api-key/cap': Endpoint<ApiKey, ApiKeyCapBody, undefined, ApiKeyIdHeaders>;
  'DELETE /api-key': Endpoint<DeletedApiKey, undefined, undefined, ApiKeyIdHeaders>;
  'GET /billing/settings': Endpoint<BillingSettings>;
  'PUT /billing/settings': Endpoint<BillingSettings, BillingSettingsBody>;
  'POST /billing/payment-method/setup': Endpoint<PaymentMethodSetup>;
  'POST /billing/payment-method/sandbox': Endpoint<BillingSettings, SandboxCardBody>;
  'DELETE /billing/payment-method': Endpoint<BillingSettings>;
  /** A PDF (application/pdf), not JSON. */
  'GET /credits/payments/{payment_id}/invoice': Endpoint<
    Blob,
    undefined,
    undefined,
    undefined,
    PaymentIdParams
  >;
  'GET /usage/daily': Endpoint<DailyUsage, undefined, DailyUsageQuery>;
  /** CSV (text/csv) of the daily aggregate. */
  'GET /usage/daily.csv': Endpoint<string, undefined, DailyUsageQuery>;
  /** CSV (text/csv) of every transaction in the range. */
  'GET /transaction.csv': Endpoint<string, undefined, TransactionCsvQuery>;
  'POST /organization': Endpoint<Organization, OrganizationBody>;
  'PATCH /organization': Endpoint<Organization, OrganizationPatchBody>;
  'GET /organization': Endpoint<Organization>;
  'POST /organization/verify': Endpoint<EmailVerification>;
  'GET /credits/balance': Endpoint<Balance>;
  'POST /credits': Endpoint<CreditOrder, CreateCreditOrderBody>;
  'GET /credits/orders/{order_id}': Endpoint<
    CreditOrder,
    undefined,
    undefined,
    undefined,
    CreditOrderParams
  >;
  'POST /credits/sandbox/confirm': Endpoint<CreditOrder, SandboxConfirmBody>;
  'GET /credits/payments': Endpoint<PaymentList, undefined, Partial<PageQuery>>;
  'GET /transaction': Endpoint<TransactionList, undefined, Partial<TransactionQuery>>;
  'POST /email': Endpoint<FeedbackReceipt, FeedbackBody> & { auth: false };
  'GET /pricing/pubic-deployment': Endpoint<PublicPricing> & { auth: false };
}

export type V1EndpointKey = keyof V1Endpoints;
