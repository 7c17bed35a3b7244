/**
 * The account API as one type-level map, so a typed client can derive the
 * body, query, headers and answer of a call from its method and path
 * (relative to the `/v1` base URL). Every non-2xx answer is `ErrorResponse`.
 */
import type {
  ApiKey,
  ApiKeyIdHeaders,
  ApiKeyList,
  ApiKeyRestrictionsBody,
  ApiKeyWithSecret,
  Balance,
  CreateApiKeyBody,
  CreateCreditOrderBody,
  CreditOrder,
  CreditOrderParams,
  DemoKey,
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
import { ROLES, type Role } from './teams';
import type {
  AcceptedInvitation,
  AdminKeyList,
  AdminKeyParams,
  AdminKeyWithSecret,
  AuditLogPage,
  AuditLogQuery,
  CreateAdminKeyBody,
  Invitation,
  InvitationBody,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenBody,
  Member,
  MemberList,
  MemberParams,
  OrganizationMembership,
  OrganizationMembershipList,
  RemovedMember,
  RemoveMemberQuery,
  SelectOrganizationBody,
  TransferOwnershipBody,
  UpdateMemberBody,
} from './teams';

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
  'POST /api-key/restrictions': Endpoint<
    ApiKey,
    ApiKeyRestrictionsBody,
    undefined,
    ApiKeyIdHeaders
  >;
  'POST /api-key/disable': Endpoint<ApiKey, undefined, undefined, ApiKeyIdHeaders>;
  'POST /api-key/enable': Endpoint<ApiKey, undefined, undefined, ApiKeyIdHeaders>;
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
  'GET /demo-key': Endpoint<DemoKey> & { auth: false };
  // Teams
  'GET /organizations': Endpoint<OrganizationMembershipList>;
  'POST /organizations': Endpoint<OrganizationMembership, OrganizationBody>;
  'POST /organizations/select': Endpoint<OrganizationMembership, SelectOrganizationBody>;
  'GET /team/members': Endpoint<MemberList>;
  'PATCH /team/members/{uid}': Endpoint<
    Member,
    UpdateMemberBody,
    undefined,
    undefined,
    MemberParams
  >;
  'DELETE /team/members/{uid}': Endpoint<
    RemovedMember,
    undefined,
    RemoveMemberQuery,
    undefined,
    MemberParams
  >;
  'POST /team/leave': Endpoint<{ left: true }>;
  'POST /team/transfer': Endpoint<MemberList, TransferOwnershipBody>;
  'GET /team/invitations': Endpoint<InvitationList>;
  'POST /team/invitations': Endpoint<Invitation, InvitationBody>;
  'POST /team/invitations/{invitation_id}/resend': Endpoint<
    Invitation,
    undefined,
    undefined,
    undefined,
    InvitationParams
  >;
  'DELETE /team/invitations/{invitation_id}': Endpoint<
    { id: string; revoked: true },
    undefined,
    undefined,
    undefined,
    InvitationParams
  >;
  'POST /invitations/preview': Endpoint<InvitationPreview, InvitationTokenBody> & { auth: false };
  'POST /invitations/accept': Endpoint<AcceptedInvitation, InvitationTokenBody>;
  'GET /audit-log': Endpoint<AuditLogPage, undefined, AuditLogQuery>;
  /** CSV (text/csv) of the filtered log. */
  'GET /audit-log.csv': Endpoint<string, undefined, AuditLogQuery>;
  'GET /admin-keys': Endpoint<AdminKeyList>;
  'POST /admin-keys': Endpoint<AdminKeyWithSecret, CreateAdminKeyBody>;
  'POST /admin-keys/{admin_key_id}/roll': Endpoint<
    AdminKeyWithSecret,
    undefined,
    undefined,
    undefined,
    AdminKeyParams
  >;
  'DELETE /admin-keys/{admin_key_id}': Endpoint<
    { id: string; deleted: true },
    undefined,
    undefined,
    undefined,
    AdminKeyParams
  >;
}

export type V1EndpointKey = keyof V1Endpoints;
/** Routes of /v1 that the site never calls: Stripe's signed webhook and the OpenAPI document. */
type ServerOnlyEndpoint = 'POST /credits/stripe/webhook' | 'GET /openapi.json';

// ------------------------------------------------------------------ who may call what

/**
 * Who may call an operation:
 * - `public`: anyone (an ID token, when sent, is still checked);
 * - `user`: any signed-in person, acting on no particular organization;
 * - `member`: a member of the organization the call acts on (`x-organization-id`, default: the
 *   last selected), whose role is one of `roles`. Admin keys act as a member of their role,
 *   except where `people_only` (team management and admin keys themselves).
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'user' }
  | { readonly kind: 'member'; readonly roles: readonly Role[]; readonly people_only?: true };

const member = (roles: readonly Role[], options: { people_only?: true } = {}): Access => ({
  kind: 'member',
  roles,
  ...options,
});
const PUBLIC: Access = { kind: 'public' };
const USER: Access = { kind: 'user' };
const ANY_MEMBER = ROLES;
const MANAGERS: readonly Role[] = ['owner', 'admin'];
const KEY_MANAGERS: readonly Role[] = ['owner', 'admin', 'developer'];
const KEY_READERS: readonly Role[] = ['owner', 'admin', 'developer', 'viewer'];
const BUYERS: readonly Role[] = ['owner', 'admin', 'billing'];
const BILLING_READERS: readonly Role[] = ['owner', 'admin', 'billing', 'viewer'];

/**
 * The role each operation needs, declared once: the server enforces it (a route without an entry
 * here refuses to register), the OpenAPI document shows it, the pages follow it. A new endpoint
 * without an entry does not typecheck.
 */
export const V1_ACCESS = {
  'POST /api-key': member(KEY_MANAGERS),
  'GET /api-key': member(KEY_READERS),
  'POST /api-key/set-default': member(KEY_MANAGERS),
  'POST /api-key/roll': member(KEY_MANAGERS),
  'POST /api-key/cap': member(KEY_MANAGERS),
  'POST /api-key/restrictions': member(KEY_MANAGERS),
  'POST /api-key/disable': member(KEY_MANAGERS),
  'POST /api-key/enable': member(KEY_MANAGERS),
  'DELETE /api-key': member(KEY_MANAGERS),
  'GET /billing/settings': member(BILLING_READERS),
  'PUT /billing/settings': member(BUYERS),
  'POST /billing/payment-method/setup': member(BUYERS),
  'POST /billing/payment-method/sandbox': member(BUYERS),
  'DELETE /billing/payment-method': member(BUYERS),
  'GET /credits/payments/{payment_id}/invoice': member(BILLING_READERS),
  'GET /usage/daily': member(ANY_MEMBER),
  'GET /usage/daily.csv': member(ANY_MEMBER),
  'GET /transaction.csv': member(ANY_MEMBER),
  'POST /organization': USER,
  'PATCH /organization': member(MANAGERS),
  'GET /organization': member(ANY_MEMBER),
  'POST /organization/verify': member(ANY_MEMBER),
  'GET /credits/balance': member(ANY_MEMBER),
  'POST /credits': member(BUYERS),
  'GET /credits/orders/{order_id}': member(BUYERS),
  'POST /credits/sandbox/confirm': member(BUYERS),
  'GET /credits/payments': member(BILLING_READERS),
  'GET /transaction': member(ANY_MEMBER),
  'POST /email': PUBLIC,
  'GET /pricing/pubic-deployment': PUBLIC,
  'GET /demo-key': PUBLIC,
  'POST /credits/stripe/webhook': PUBLIC,
  'GET /openapi.json': PUBLIC,
  'GET /organizations': USER,
  'POST /organizations': USER,
  'POST /organizations/select': USER,
  'GET /team/members': member(ANY_MEMBER),
  'PATCH /team/members/{uid}': member(MANAGERS, { people_only: true }),
  'DELETE /team/members/{uid}': member(MANAGERS, { people_only: true }),
  'POST /team/leave': member(ANY_MEMBER, { people_only: true }),
  'POST /team/transfer': member(['owner'], { people_only: true }),
  'GET /team/invitations': member(MANAGERS),
  'POST /team/invitations': member(MANAGERS, { people_only: true }),
  'POST /team/invitations/{invitation_id}/resend': member(MANAGERS, { people_only: true }),
  'DELETE /team/invitations/{invitation_id}': member(MANAGERS, { people_only: true }),
  'POST /invitations/preview': PUBLIC,
  'POST /invitations/accept': USER,
  'GET /audit-log': member(MANAGERS),
  'GET /audit-log.csv': member(MANAGERS),
  'GET /admin-keys': member(MANAGERS, { people_only: true }),
  'POST /admin-keys': member(MANAGERS, { people_only: true }),
  'POST /admin-keys/{admin_key_id}/roll': member(MANAGERS, { people_only: true }),
  'DELETE /admin-keys/{admin_key_id}': member(MANAGERS, { people_only: true }),
} as const satisfies { readonly [K in V1EndpointKey | ServerOnlyEndpoint]: Access };

/** May a member of this role call the operation? (The pages hide or disable what it may not.) */
export function roleMay(endpoint: V1EndpointKey, role: Role | null | undefined): boolean {
  const access: Access = V1_ACCESS[endpoint];
  if (access.kind !== 'member') return true;
  return role != null && access.roles.includes(role);
}

/** The roles that may call an operation, for messages: "owner, admin or billing". */
export function rolesNeeded(access: Access): string {
  if (access.kind !== 'member') return '';
  const roles = access.roles;
  return roles.length === 1
    ? roles[0]!
    : `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}`;
}
