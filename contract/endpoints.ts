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
  'DELETE /api-key': Endpoint<DeletedApiKey, undefined, undefined, ApiKeyIdHeaders>;
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
