/**
 * The account API (`/v1`), one entry per operation and each operation once: its `operationId`
 * (the key), method and path, tag, summary and description, request and answer schemas, the
 * error codes it may answer beyond the ones every operation of its kind shares, who may call it,
 * and how the site's client calls it. Everything else is derived from this table:
 *   - the typed map of the site's client (`V1Endpoints`, endpoints.ts) and its per-call defaults
 *     (src/generated/operations.ts, written by scripts/generate-operations.ts);
 *   - the access table (`V1_ACCESS`), which the server enforces and the pages follow;
 *   - the server's routes and their schemas (server/src/routes/operations.ts: a route without
 *     its operation, or an operation without its handler, does not typecheck);
 *   - the published OpenAPI documents (operationIds, tags, parameters, errors, headers);
 *   - the SDKs' methods.
 *
 * The errors each operation answers are `errors` plus the ones its shape implies
 * (`impliedErrors` below): every operation may be rate limited or fail; one with input may be
 * invalid; one that needs a sign-in may be unauthenticated; one acting on an organization may
 * not find it or refuse the caller's role.
 */
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import {
  ANY_MEMBER,
  BILLING_READERS,
  BUYERS,
  KEY_MANAGERS,
  KEY_READERS,
  MANAGERS,
  OWNER_ONLY,
  OWN_KEYS_ONLY,
  PUBLIC,
  USER,
  member,
  type Access,
} from './access';
import {
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
  DEMO_KEY_CALLS_PER_MINUTE,
  DeletedApiKey,
  DemoKey,
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
  WebhookReceipt,
} from './account';
import {
  ApiKeyCapBody,
  BillingSettings,
  BillingSettingsBody,
  DailyUsage,
  DailyUsageQuery,
  PaymentIdParams,
  PaymentMethodSetup,
  SandboxCardBody,
  TransactionCsvQuery,
  UsageBucketPage,
  UsageBucketsQuery,
} from './billing';
import type { ErrorCode } from './errors';
import { STATUS_WINDOW_DAYS, StatusReport } from './status';
import type { ApiMessage } from './messages';
import {
  INVITATIONS_PER_ACCOUNT_PER_DAY,
  INVITATIONS_PER_HOUR,
  UNVERIFIED_MAX_ORGANIZATIONS,
  AcceptedInvitation,
  AdminKeyList,
  AdminKeyParams,
  AdminKeyWithSecret,
  AuditLogPage,
  AuditLogQuery,
  CreateAdminKeyBody,
  DeletedAdminKey,
  Invitation,
  InvitationBody,
  InvitationList,
  InvitationParams,
  InvitationPreview,
  InvitationTokenBody,
  LeftOrganization,
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
import {
  CreateWebhookBody,
  DeletedWebhook,
  RotateWebhookSecretBody,
  UpdateWebhookBody,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEndpointWithSecret,
  WebhookParams,
} from './webhooks';
import {
  EVENT_RETENTION_DAYS,
  EVENT_STREAM_DESCRIPTION,
  EventPage,
  EventParams,
  EventStreamHeaders,
  EventStreamQuery,
  EventStreamResponse,
  EventsQuery,
  Event,
} from './events';

/** The tags of the account API, in the order the reference lists them, with what each holds. */
export const ACCOUNT_TAGS = {
  Organization: 'Your organizations: register, update, switch between them.',
  'API keys': 'Keys for the services host: create, roll, cap, restrict, disable, delete.',
  Credits: 'The wallet: balance, credit orders and payments, invoices.',
  Billing: 'Auto-recharge, the low-balance alert and the saved card.',
  Usage: 'What was spent, on what, with which key: by day, as transactions, as CSV.',
  Team: 'Members, roles, spend limits and invitations.',
  'Admin keys': 'Keys for machines that call this API as a member of the organization.',
  'Audit log': 'Who did what, when and from where.',
  Webhooks:
    'Endpoints that receive signed events (jobs, low balance, paused keys, payments), and the log of every delivery.',
  Events:
    'What happened in the organization, as webhooks receive it: listed, one by one, or streamed live (Server-Sent Events).',
  Pricing: 'Public prices and the docs’ shared demo key (no sign-in).',
  Feedback: 'Feedback and contact messages.',
  Status:
    'Availability, latency and incidents of the account API and each deployment, from real traffic (no sign-in).',
} as const;
export type AccountTag = keyof typeof ACCOUNT_TAGS;

/** How the site's client calls an operation (spec §7, §8). */
export interface ClientSpec {
  /** The answer when the call fails without the server's own `error_message`. */
  message: ApiMessage;
  /** The answer when no user signs in in time (default `authentication`). */
  authMessage?: ApiMessage;
  /** Calls that change the user's claims get a fresh ID token first (spec §7). */
  forceRefresh?: true;
  /** `optional`: sent with the token when someone is signed in; `none`: never. */
  auth?: 'optional' | 'none';
}

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to `/v1`; path parameters as `{name}`. */
  path: `/${string}`;
  tag: AccountTag;
  summary: string;
  description?: string;
  access: Access;
  headers?: TSchema;
  query?: TSchema;
  params?: TSchema;
  body?: TSchema;
  /** The 200 answer: JSON, or what `produces` says. */
  response: TSchema;
  /** A success answer that is not JSON (errors are JSON whatever it is). */
  produces?: 'text/csv' | 'application/pdf' | 'application/atom+xml' | 'text/event-stream';
  /** Codes beyond the ones the shape implies (impliedErrors). */
  errors: readonly ErrorCode[];
  /**
   * Verifies the ID token with a revocation check: every operation that changes membership,
   * roles, keys or money, or discloses a secret (tests/server/revocation.test.ts holds the table
   * to it).
   */
  freshToken?: true;
  /** Accepts an `Idempotency-Key` header: a retry within 24 hours gets the first answer. */
  idempotent?: true;
  /** A limit of its own per client IP, besides the API's. */
  rateLimit?: { max: number; windowMs: number };
  /** Only on a server with this payment provider. */
  only?: 'stripe';
  client: ClientSpec;
}

const processRequest = { message: 'processRequest' } as const satisfies ClientSpec;

export const OPERATIONS = {
  // ------------------------------------------------------------------ public
  sendFeedback: {
    method: 'POST',
    path: '/email',
    tag: 'Feedback',
    summary: 'Send feedback or a contact message',
    description:
      "Signed in: the token's e-mail address is the sender (a body `email` is ignored). " +
      'Signed out: `email` is required. At most 10 messages an hour per client address ' +
      '(`FEEDBACK_RATE_LIMIT_MAX`; 429 with `Retry-After`).',
    access: PUBLIC,
    body: FeedbackBody,
    response: FeedbackReceipt,
    errors: ['unauthenticated'],
    client: { message: 'submitFeedback', auth: 'optional' },
  },
  getDemoKey: {
    method: 'GET',
    path: '/demo-key',
    tag: 'Pricing',
    summary: "The shared demo test key for a signed-out reader's first try (no sign-in needed)",
    description:
      "A test key: free sample answers (`sandbox: true`), accepted from the site's own origins " +
      `only, at most ${DEMO_KEY_CALLS_PER_MINUTE} calls a minute per client. Sign up for your own keys.`,
    access: PUBLIC,
    response: DemoKey,
    errors: [],
    rateLimit: { max: 30, windowMs: 60_000 },
    client: { message: 'signInToProcessImage', auth: 'none' },
  },
  getPublicPricing: {
    method: 'GET',
    path: '/pricing/pubic-deployment',
    tag: 'Pricing',
    summary: 'Prices of the public deployments (no sign-in needed)',
    description: 'The path is spelt `pubic-deployment`, as the first version of the API spelt it.',
    access: PUBLIC,
    response: PublicPricing,
    errors: [],
    client: { message: 'fetchPricing', auth: 'none' },
  },
  receiveStripeWebhook: {
    method: 'POST',
    path: '/credits/stripe/webhook',
    tag: 'Credits',
    summary:
      'Stripe webhook: payment_intent.succeeded / payment_failed, charge.refunded, charge.dispute.created / closed',
    description:
      'Called by Stripe, signed with the webhook secret (`Stripe-Signature`); the body is read as ' +
      'the exact bytes Stripe sent. Each event is applied once.',
    access: PUBLIC,
    response: WebhookReceipt,
    // No body schema (the exact bytes are verified): a missing or wrong signature is named here.
    errors: ['invalid_request'],
    only: 'stripe',
    client: processRequest,
  },

  getStatus: {
    method: 'GET',
    path: '/status.json',
    tag: 'Status',
    summary: 'Availability, latency and incidents of every component (no sign-in needed)',
    description:
      `The last ${STATUS_WINDOW_DAYS} UTC days of the account API and of each public deployment, ` +
      "computed from the servers' own outcomes: a call that failed on our side (a 5xx: an " +
      'upstream failure, a timeout, an open circuit) counts against availability, a refused ' +
      'request (4xx) does not; latency percentiles are those of successful answers. Incidents are ' +
      "opened and closed by the gateway's circuits. Figures are written every few seconds and " +
      'the answer may be 15 seconds old.',
    access: PUBLIC,
    response: StatusReport,
    errors: [],
    client: { message: 'processRequest', auth: 'none' },
  },
  getStatusFeed: {
    method: 'GET',
    path: '/status.atom',
    tag: 'Status',
    summary: 'The incidents as an Atom feed (no sign-in needed)',
    description:
      'One entry per incident of the last ' +
      `${STATUS_WINDOW_DAYS} days, updated when it is resolved; each says that failed calls were not charged.`,
    access: PUBLIC,
    response: Type.String({ description: 'An Atom 1.0 feed (RFC 4287), UTF-8.' }),
    produces: 'application/atom+xml',
    errors: [],
    client: { message: 'processRequest', auth: 'none' },
  },

  // ------------------------------------------------------------------ organization
  createOrganization: {
    method: 'POST',
    path: '/organization',
    tag: 'Organization',
    summary: 'Register your organization',
    description:
      'Also creates its first API key, "Playground key", used for in-browser image calls. ' +
      'Refused (409) when your account already has one: create another with `POST /organizations`.',
    access: USER,
    body: OrganizationBody,
    response: Organization,
    errors: ['conflict'],
    freshToken: true,
    client: { message: 'registerOrganization', forceRefresh: true },
  },
  updateOrganization: {
    method: 'PATCH',
    path: '/organization',
    tag: 'Organization',
    summary: 'Update your organization',
    access: member(MANAGERS),
    body: OrganizationPatchBody,
    response: Organization,
    errors: [],
    freshToken: true,
    client: { message: 'updateOrganization', forceRefresh: true },
  },
  getOrganization: {
    method: 'GET',
    path: '/organization',
    tag: 'Organization',
    summary: 'Your organization and wallet balance',
    access: member(ANY_MEMBER),
    response: Organization,
    errors: [],
    client: { message: 'fetchOrganization' },
  },
  verifyOrganizationEmail: {
    method: 'POST',
    path: '/organization/verify',
    tag: 'Organization',
    summary: 'Refresh the e-mail verification status',
    description:
      "Reads the identity provider's flag (token claim, then the user record) and stores it.",
    access: member(ANY_MEMBER),
    response: EmailVerification,
    errors: [],
    client: { message: 'checkEmailVerification', forceRefresh: true },
  },
  listOrganizations: {
    method: 'GET',
    path: '/organizations',
    tag: 'Organization',
    summary: 'The organizations you belong to, with your role in each',
    access: USER,
    response: OrganizationMembershipList,
    errors: [],
    client: { message: 'fetchOrganization' },
  },
  createAnotherOrganization: {
    method: 'POST',
    path: '/organizations',
    tag: 'Organization',
    summary: 'Create another organization',
    description:
      'The same form as your first organization. You become its owner and it becomes your ' +
      `selected organization. An account whose e-mail address is not verified owns at most ${UNVERIFIED_MAX_ORGANIZATIONS} ` +
      '(403 `email_not_verified` past it).',
    access: USER,
    body: OrganizationBody,
    response: OrganizationMembership,
    errors: ['email_not_verified'],
    freshToken: true,
    client: { message: 'registerOrganization', forceRefresh: true },
  },
  selectOrganization: {
    method: 'POST',
    path: '/organizations/select',
    tag: 'Organization',
    summary: 'Choose the organization your calls act on by default',
    description: 'Calls that send no `x-organization-id` header act on it.',
    access: USER,
    body: SelectOrganizationBody,
    response: OrganizationMembership,
    errors: ['organization_not_found'],
    client: processRequest,
  },

  // ------------------------------------------------------------------ API keys
  createApiKey: {
    method: 'POST',
    path: '/api-key',
    tag: 'API keys',
    summary: 'Create an API key',
    description:
      'The answer carries the full secret (`key`) this once: it is stored as a keyed hash ' +
      'and cannot be shown again.',
    access: member(KEY_MANAGERS),
    body: CreateApiKeyBody,
    response: ApiKeyWithSecret,
    errors: ['conflict'],
    freshToken: true,
    client: { message: 'processRequest', authMessage: 'loginBeforeCreatingKey' },
  },
  listApiKeys: {
    method: 'GET',
    path: '/api-key',
    tag: 'API keys',
    summary: 'List the API keys of your organization',
    description:
      'Secrets are not listed (`redacted` shows prefix and last four), except the in-browser ' +
      'keys and test keys, whose secrets the site needs: a live in-browser key is shown only to ' +
      'its holder (the member whose spend limit it counts towards), a test key also to owners ' +
      'and admins, never to a billing member or viewer. Each owner, admin and developer has their ' +
      'own in-browser key, made by this call the first time they list the keys. Every secret ' +
      'shown is recorded: it gets a new secret when the member leaves, is removed or demoted.',
    access: member(KEY_READERS),
    response: ApiKeyList,
    errors: [],
    freshToken: true,
    client: { message: 'fetchApiKeys' },
  },
  setDefaultApiKey: {
    method: 'POST',
    path: '/api-key/set-default',
    tag: 'API keys',
    summary: 'Make a key the default key',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    response: ApiKey,
    errors: ['not_found'],
    freshToken: true,
    client: { message: 'setDefaultApiKey' },
  },
  rollApiKey: {
    method: 'POST',
    path: '/api-key/roll',
    tag: 'API keys',
    summary: 'Roll a key: give it a new secret',
    description:
      'The answer carries the new secret this once. The old secret stops working at once ' +
      '(`expire_previous_in_hours: 0`) or after the chosen grace period. The key becomes the ' +
      "caller's (for an admin key, its holder's): its spend then counts towards their limit.",
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    body: RollApiKeyBody,
    response: ApiKeyWithSecret,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  setApiKeyCap: {
    method: 'POST',
    path: '/api-key/cap',
    tag: 'API keys',
    summary: "Set or remove a key's monthly spend cap",
    description:
      'A call that would take the key past its cap this calendar month (UTC) is refused by the ' +
      'services host with 403 `key_cap_reached` (`x-should-retry: false`; `details.resets_at` ' +
      'says when the month turns) and costs nothing. Answers of a capped key carry ' +
      '`x-spend-cap-limit`, `x-spend-cap-remaining` and `x-spend-cap-reset`. Other keys of the ' +
      'organization are not affected.',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    body: ApiKeyCapBody,
    response: ApiKey,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  setApiKeyRestrictions: {
    method: 'POST',
    path: '/api-key/restrictions',
    tag: 'API keys',
    summary: "Set a key's limits: deployments, browser origins, expiry",
    description:
      'Each field sent replaces that limit; null removes it. A call outside the limits is ' +
      'refused by the services host with 403 `key_restricted` naming the limit, costs nothing, ' +
      'and is counted on the key (`refused_calls`).',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    body: ApiKeyRestrictionsBody,
    response: ApiKey,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  disableApiKey: {
    method: 'POST',
    path: '/api-key/disable',
    tag: 'API keys',
    summary: 'Disable a key: every call is refused (403, free) until it is enabled',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    response: ApiKey,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  enableApiKey: {
    method: 'POST',
    path: '/api-key/enable',
    tag: 'API keys',
    summary: 'Enable a disabled key again',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    response: ApiKey,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  deleteApiKey: {
    method: 'DELETE',
    path: '/api-key',
    tag: 'API keys',
    summary: 'Delete a key',
    description: 'Refused (409) for the last key used for in-browser image calls.',
    access: member(KEY_MANAGERS, { own_keys: OWN_KEYS_ONLY }),
    headers: ApiKeyIdHeaders,
    response: DeletedApiKey,
    errors: ['not_found', 'conflict'],
    freshToken: true,
    client: { message: 'deleteApiKey' },
  },

  // ------------------------------------------------------------------ credits
  getBalance: {
    method: 'GET',
    path: '/credits/balance',
    tag: 'Credits',
    summary: 'Remaining credits of your wallet, in USD',
    description:
      'Negative after a refund or a dispute took back credits that were already spent; metered ' +
      'calls are refused until a purchase brings it above the price of a call. ' +
      '`below_threshold` is true while it is below the low-balance alert threshold.',
    access: member(ANY_MEMBER),
    response: Balance,
    errors: [],
    client: { message: 'fetchBalance' },
  },
  createCreditOrder: {
    method: 'POST',
    path: '/credits',
    tag: 'Credits',
    summary: 'Create a credit order',
    description:
      'Needs a verified e-mail address (403 `email_not_verified` otherwise). With Stripe the ' +
      'answer carries the PaymentIntent client secret; the wallet is credited by the webhook once ' +
      'Stripe reports the payment. With the sandbox provider (local stack) confirm with ' +
      '`POST /credits/sandbox/confirm`. Poll `GET /credits/orders/{order_id}` until `status` is ' +
      '`succeeded`. At most 5 unpaid orders at a time (409); an unpaid order expires after 60 ' +
      'minutes.',
    access: member(BUYERS),
    body: CreateCreditOrderBody,
    response: CreditOrder,
    errors: ['email_not_verified', 'conflict', 'payment_provider_unavailable'],
    freshToken: true,
    idempotent: true,
    client: { message: 'buyCredits' },
  },
  getCreditOrder: {
    method: 'GET',
    path: '/credits/orders/{order_id}',
    tag: 'Credits',
    summary: 'One of your credit orders, with its payment',
    description:
      'Poll this after the payment provider confirms: `processing` until the backend has ' +
      'fulfilled the order, then `succeeded` (the credits are in the wallet) or `failed`.',
    access: member(BUYERS),
    params: CreditOrderParams,
    response: CreditOrder,
    errors: ['not_found'],
    client: processRequest,
  },
  confirmSandboxOrder: {
    method: 'POST',
    path: '/credits/sandbox/confirm',
    tag: 'Credits',
    summary: 'Pay a sandbox order (local stack only, when Stripe is not configured)',
    description:
      'Behaves like a card payment: the order becomes `processing` and is fulfilled by the same ' +
      'step as the Stripe webhook once the sandbox delay has passed (`SANDBOX_FULFILMENT_DELAY_MS`; ' +
      'at once when it is 0). Repeating it changes nothing; an expired order answers 410.',
    access: member(BUYERS),
    body: SandboxConfirmBody,
    response: CreditOrder,
    errors: ['not_found', 'gone'],
    freshToken: true,
    client: processRequest,
  },
  getInvoice: {
    method: 'GET',
    path: '/credits/payments/{payment_id}/invoice',
    tag: 'Credits',
    summary: 'The invoice of one of your payments, as a PDF',
    description:
      'Every fulfilled payment has a numbered invoice (one gap-free sequence for the site), with ' +
      'the seller and your organization as they were when it was issued.',
    access: member(BILLING_READERS),
    params: PaymentIdParams,
    response: Type.String({ format: 'binary', description: 'The invoice (application/pdf).' }),
    produces: 'application/pdf',
    errors: ['not_found'],
    client: { message: 'fetchPaymentLogs' },
  },
  listPayments: {
    method: 'GET',
    path: '/credits/payments',
    tag: 'Credits',
    summary: 'Payments of your organization, newest first',
    access: member(BILLING_READERS),
    query: PageQuery,
    response: PaymentList,
    errors: [],
    client: { message: 'fetchPaymentLogs' },
  },

  // ------------------------------------------------------------------ billing
  getBillingSettings: {
    method: 'GET',
    path: '/billing/settings',
    tag: 'Billing',
    summary: 'Auto-recharge, low-balance alert and saved card',
    access: member(BILLING_READERS),
    response: BillingSettings,
    errors: [],
    client: processRequest,
  },
  updateBillingSettings: {
    method: 'PUT',
    path: '/billing/settings',
    tag: 'Billing',
    summary: 'Change auto-recharge and the low-balance alert',
    description:
      'Auto-recharge: when a metered call takes the balance below `threshold_usd`, the saved card ' +
      'is charged `amount_usd` (within the purchase limits) once; a failed charge turns it off. A ' +
      'daily ceiling (`daily_ceiling`, default 3 recharges or $1,000 per UTC day) pauses it and ' +
      'e-mails the owner when passed. Turning it on needs a saved card (409 otherwise). ' +
      'Low-balance alert: one e-mail when the balance falls below the threshold, again only after ' +
      'it rose above it.',
    access: member(BUYERS),
    body: BillingSettingsBody,
    response: BillingSettings,
    errors: ['conflict'],
    freshToken: true,
    client: processRequest,
  },
  setUpPaymentMethod: {
    method: 'POST',
    path: '/billing/payment-method/setup',
    tag: 'Billing',
    summary: 'Start saving a card for automatic recharges',
    description:
      'With Stripe: a SetupIntent client secret for the Payment Element; the card is saved when ' +
      'Stripe reports `setup_intent.succeeded` to the webhook. With the sandbox provider: no ' +
      'secret; save a test card with `POST /billing/payment-method/sandbox`.',
    access: member(BUYERS),
    response: PaymentMethodSetup,
    errors: ['payment_provider_unavailable'],
    freshToken: true,
    client: processRequest,
  },
  saveSandboxCard: {
    method: 'POST',
    path: '/billing/payment-method/sandbox',
    tag: 'Billing',
    summary: 'Save a sandbox test card (local stack only, when Stripe is not configured)',
    access: member(BUYERS),
    body: SandboxCardBody,
    response: BillingSettings,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  deletePaymentMethod: {
    method: 'DELETE',
    path: '/billing/payment-method',
    tag: 'Billing',
    summary: 'Forget the saved card (turns auto-recharge off)',
    access: member(BUYERS),
    response: BillingSettings,
    errors: [],
    freshToken: true,
    client: processRequest,
  },

  // ------------------------------------------------------------------ usage
  listTransactions: {
    method: 'GET',
    path: '/transaction',
    tag: 'Usage',
    summary: 'Usage and purchases, newest first',
    description: 'Rows with start_date <= created_at <= end_date; totals cover the whole range.',
    access: member(ANY_MEMBER),
    query: TransactionQuery,
    response: TransactionList,
    errors: [],
    client: { message: 'fetchTransactions' },
  },
  getDailyUsage: {
    method: 'GET',
    path: '/usage/daily',
    tag: 'Usage',
    summary: 'Spend and calls per day, by deployment and by key',
    description:
      'Read from hourly and daily usage rollups kept with the ledger, by day, deployment and key; filter by ' +
      '`deployment` or `api_key_id`. Days are counted in `utc_offset_minutes`; a range covers ' +
      'at most 366 days.',
    access: member(ANY_MEMBER),
    query: DailyUsageQuery,
    response: DailyUsage,
    errors: [],
    client: { message: 'fetchTransactions' },
  },
  exportDailyUsage: {
    method: 'GET',
    path: '/usage/daily.csv',
    tag: 'Usage',
    summary: 'The daily aggregate as CSV, by deployment or by key (`group_by`)',
    description:
      'Fields that a spreadsheet would read as a formula (starting with `=`, `+`, `-` or `@`) ' +
      'are defused.',
    access: member(ANY_MEMBER),
    query: DailyUsageQuery,
    response: Type.String({ description: 'CSV, UTF-8, one header line.' }),
    produces: 'text/csv',
    errors: [],
    client: { message: 'fetchTransactions' },
  },
  listUsageBuckets: {
    method: 'GET',
    path: '/usage/buckets',
    tag: 'Usage',
    summary:
      'Usage and cost by UTC day or hour, grouped by key, deployment or member (for machines)',
    description:
      'Read from the usage rollups kept in the transaction of every charge: `cost_micros` sums to ' +
      'the ledger to the micro-dollar. Paged by `cursor` (`next_cursor`). Meant for admin keys ' +
      '(a `viewer` admin key reads it and nothing it could change).',
    access: member(ANY_MEMBER),
    query: UsageBucketsQuery,
    response: UsageBucketPage,
    errors: [],
    client: { message: 'fetchTransactions' },
  },
  exportTransactions: {
    method: 'GET',
    path: '/transaction.csv',
    tag: 'Usage',
    summary: 'Every transaction in a range as CSV, oldest first',
    description:
      'Streamed from a database cursor as it is read, whatever the number of rows; a range ' +
      'covers at most 366 days. Fields that a spreadsheet would read as a formula are defused.',
    access: member(ANY_MEMBER),
    query: TransactionCsvQuery,
    response: Type.String({ description: 'CSV, UTF-8, one header line.' }),
    produces: 'text/csv',
    errors: [],
    client: { message: 'fetchTransactions' },
  },

  // ------------------------------------------------------------------ team
  listMembers: {
    method: 'GET',
    path: '/team/members',
    tag: 'Team',
    summary: 'Members of the organization, with role, joined and last active',
    access: member(ANY_MEMBER),
    response: MemberList,
    errors: [],
    client: processRequest,
  },
  updateMember: {
    method: 'PATCH',
    path: '/team/members/{uid}',
    tag: 'Team',
    summary: "Change a member's role or monthly spend limit",
    description:
      "The owner's role changes only by a transfer of ownership. A spend limit caps what the " +
      'keys the member created may spend per calendar month (UTC); a call past it is refused ' +
      'with 403 `member_limit_reached` and costs nothing.',
    access: member(MANAGERS, { people_only: true }),
    params: MemberParams,
    body: UpdateMemberBody,
    response: Member,
    errors: ['not_found', 'conflict', 'forbidden'],
    freshToken: true,
    client: processRequest,
  },
  removeMember: {
    method: 'DELETE',
    path: '/team/members/{uid}',
    tag: 'Team',
    summary: 'Remove a member',
    description:
      'Their access ends at once. The API keys they created are handed to `hand_keys_to` (another ' +
      'owner, admin or developer) and keep working, or else are deleted; the answer counts both. ' +
      'Every key whose secret they read or were shown (the keys they created; for an owner or ' +
      'admin also the in-browser key and test keys) gets a new secret at once, listed in ' +
      '`api_keys_rotated` and in the audit entry; demoting an owner or admin to another role ' +
      'does the same. ' +
      'The owner cannot be removed.',
    access: member(MANAGERS, { people_only: true }),
    params: MemberParams,
    query: RemoveMemberQuery,
    response: RemovedMember,
    errors: ['not_found', 'conflict', 'forbidden'],
    freshToken: true,
    client: { message: 'processRequest', forceRefresh: true },
  },
  leaveOrganization: {
    method: 'POST',
    path: '/team/leave',
    tag: 'Team',
    summary: 'Leave the organization',
    description:
      'The API keys you created in it stop working. The owner transfers ownership first.',
    access: member(ANY_MEMBER, { people_only: true }),
    response: LeftOrganization,
    errors: ['conflict'],
    freshToken: true,
    client: processRequest,
  },
  transferOwnership: {
    method: 'POST',
    path: '/team/transfer',
    tag: 'Team',
    summary: 'Transfer ownership to another member',
    description:
      'The member becomes the owner; you become an admin. The new owner is told by e-mail.',
    access: member(OWNER_ONLY, { people_only: true }),
    body: TransferOwnershipBody,
    response: MemberList,
    errors: ['not_found', 'conflict'],
    freshToken: true,
    client: { message: 'processRequest', forceRefresh: true },
  },
  listInvitations: {
    method: 'GET',
    path: '/team/invitations',
    tag: 'Team',
    summary: 'Pending invitations',
    access: member(MANAGERS),
    response: InvitationList,
    errors: [],
    client: processRequest,
  },
  inviteMember: {
    method: 'POST',
    path: '/team/invitations',
    tag: 'Team',
    summary: 'Invite someone by e-mail',
    description:
      'Sends a single-use link, valid for 7 days, that only the invited address can accept. ' +
      'Needs a verified e-mail address (403 `email_not_verified`). At most ' +
      `${INVITATIONS_PER_HOUR} invitations (new or resent) per organization per hour, and ` +
      `${INVITATIONS_PER_ACCOUNT_PER_DAY} per person per 24 hours across all their organizations ` +
      '(429 with `Retry-After`; `details.limit`, `details.window_seconds`, `details.resets_at`). ' +
      "The e-mail's subject names no organization; its text quotes the name with links defused.",
    access: member(MANAGERS, { people_only: true }),
    body: InvitationBody,
    response: Invitation,
    errors: ['conflict', 'delivery_failed', 'email_not_verified'],
    freshToken: true,
    client: processRequest,
  },
  resendInvitation: {
    method: 'POST',
    path: '/team/invitations/{invitation_id}/resend',
    tag: 'Team',
    summary: 'Resend an invitation',
    description:
      'A new link for 7 more days; the previous link stops working. Needs a verified e-mail ' +
      'address, and counts against the same limits as a new invitation.',
    access: member(MANAGERS, { people_only: true }),
    params: InvitationParams,
    response: Invitation,
    errors: ['not_found', 'delivery_failed', 'email_not_verified'],
    freshToken: true,
    client: processRequest,
  },
  revokeInvitation: {
    method: 'DELETE',
    path: '/team/invitations/{invitation_id}',
    tag: 'Team',
    summary: 'Revoke an invitation',
    access: member(MANAGERS, { people_only: true }),
    params: InvitationParams,
    response: Type.Object({ id: Type.String(), revoked: Type.Literal(true) }),
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  previewInvitation: {
    method: 'POST',
    path: '/invitations/preview',
    tag: 'Team',
    summary: 'What an invitation link offers (no sign-in needed)',
    access: PUBLIC,
    body: InvitationTokenBody,
    response: InvitationPreview,
    errors: ['not_found', 'gone'],
    rateLimit: { max: 30, windowMs: 60_000 },
    client: { message: 'processRequest', auth: 'none' },
  },
  acceptInvitation: {
    method: 'POST',
    path: '/invitations/accept',
    tag: 'Team',
    summary: 'Accept an invitation and join the organization',
    description:
      'Only the invited e-mail address can accept, once, and only once it is verified (403 ' +
      '`email_not_verified`: verify it, then accept again). The organization becomes your selected one.',
    access: USER,
    body: InvitationTokenBody,
    response: AcceptedInvitation,
    errors: ['not_found', 'gone', 'conflict', 'forbidden', 'email_not_verified'],
    rateLimit: { max: 30, windowMs: 60_000 },
    freshToken: true,
    client: processRequest,
  },

  // ------------------------------------------------------------------ admin keys
  listAdminKeys: {
    method: 'GET',
    path: '/admin-keys',
    tag: 'Admin keys',
    summary: 'Admin keys of the organization',
    access: member(MANAGERS, { people_only: true }),
    response: AdminKeyList,
    errors: [],
    client: processRequest,
  },
  createAdminKey: {
    method: 'POST',
    path: '/admin-keys',
    tag: 'Admin keys',
    summary: 'Create an admin key for a machine',
    description:
      'An admin key calls /v1 as a member of the chosen role (`Authorization: Bearer ' +
      'va_admin_…`), for this organization only. The secret is shown this once.',
    access: member(MANAGERS, { people_only: true }),
    body: CreateAdminKeyBody,
    response: AdminKeyWithSecret,
    errors: ['conflict'],
    freshToken: true,
    client: { message: 'processRequest', forceRefresh: true },
  },
  rollAdminKey: {
    method: 'POST',
    path: '/admin-keys/{admin_key_id}/roll',
    tag: 'Admin keys',
    summary: 'Roll an admin key: the old secret stops working at once',
    access: member(MANAGERS, { people_only: true }),
    params: AdminKeyParams,
    response: AdminKeyWithSecret,
    errors: ['not_found'],
    freshToken: true,
    client: { message: 'processRequest', forceRefresh: true },
  },
  deleteAdminKey: {
    method: 'DELETE',
    path: '/admin-keys/{admin_key_id}',
    tag: 'Admin keys',
    summary: 'Delete an admin key: it stops working at once',
    access: member(MANAGERS, { people_only: true }),
    params: AdminKeyParams,
    response: DeletedAdminKey,
    errors: ['not_found'],
    freshToken: true,
    client: { message: 'processRequest', forceRefresh: true },
  },

  // ------------------------------------------------------------------ webhooks
  listWebhooks: {
    method: 'GET',
    path: '/webhooks',
    tag: 'Webhooks',
    summary: 'Webhook endpoints of the organization',
    description: 'Secrets are not listed (`secret_redacted` shows the last four characters).',
    access: member(KEY_READERS),
    response: WebhookEndpointList,
    errors: [],
    freshToken: true,
    client: processRequest,
  },
  createWebhook: {
    method: 'POST',
    path: '/webhooks',
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint',
    description:
      'The answer carries the signing secret (`secret`, `whsec_…`) this once. At most 16 ' +
      'endpoints per organization; the URL must be https and resolve to a public address.',
    access: member(KEY_MANAGERS),
    body: CreateWebhookBody,
    response: WebhookEndpointWithSecret,
    errors: ['conflict'],
    freshToken: true,
    client: processRequest,
  },
  getWebhook: {
    method: 'GET',
    path: '/webhooks/{webhook_id}',
    tag: 'Webhooks',
    summary: 'One webhook endpoint',
    access: member(KEY_READERS),
    params: WebhookParams,
    response: WebhookEndpoint,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  updateWebhook: {
    method: 'PATCH',
    path: '/webhooks/{webhook_id}',
    tag: 'Webhooks',
    summary: 'Change, disable or enable a webhook endpoint',
    description:
      'Each field sent replaces its value. `enabled: false` stops deliveries (due ones wait); ' +
      '`enabled: true` enables it again, also after it was disabled for failing.',
    access: member(KEY_MANAGERS),
    params: WebhookParams,
    body: UpdateWebhookBody,
    response: WebhookEndpoint,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  deleteWebhook: {
    method: 'DELETE',
    path: '/webhooks/{webhook_id}',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint and its deliveries log',
    access: member(KEY_MANAGERS),
    params: WebhookParams,
    response: DeletedWebhook,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  rotateWebhookSecret: {
    method: 'POST',
    path: '/webhooks/{webhook_id}/rotate-secret',
    tag: 'Webhooks',
    summary: 'Give a webhook endpoint a new signing secret',
    description:
      'The answer carries the new secret this once. For `expire_previous_in_hours` (default 24) ' +
      'deliveries carry two signatures, one per secret, so a receiver can switch without ' +
      'missing any.',
    access: member(KEY_MANAGERS),
    params: WebhookParams,
    body: RotateWebhookSecretBody,
    response: WebhookEndpointWithSecret,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  sendTestWebhook: {
    method: 'POST',
    path: '/webhooks/{webhook_id}/test',
    tag: 'Webhooks',
    summary: 'Send a `test` event to a webhook endpoint',
    description:
      'The first attempt is made before the answer, which carries it; a failed one is retried ' +
      'on the schedule like any delivery. Refused (409) while the endpoint is disabled.',
    access: member(KEY_MANAGERS),
    params: WebhookParams,
    response: WebhookDelivery,
    errors: ['not_found', 'conflict'],
    freshToken: true,
    client: processRequest,
  },
  listWebhookDeliveries: {
    method: 'GET',
    path: '/webhooks/{webhook_id}/deliveries',
    tag: 'Webhooks',
    summary: "A webhook endpoint's deliveries, newest first, with their attempts",
    access: member(KEY_READERS),
    params: WebhookParams,
    query: WebhookDeliveriesQuery,
    response: WebhookDeliveryPage,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  replayWebhookDelivery: {
    method: 'POST',
    path: '/webhooks/deliveries/{delivery_id}/replay',
    tag: 'Webhooks',
    summary: 'Send a delivery again now (same `webhook-id`)',
    description:
      'A new attempt, made before the answer, which carries it. A 2xx marks the delivery ' +
      'succeeded; a failure leaves its status and retry schedule as they were. Refused (409) ' +
      'while the endpoint is disabled or an attempt of the delivery is in flight.',
    access: member(KEY_MANAGERS),
    params: WebhookDeliveryParams,
    response: WebhookDelivery,
    errors: ['not_found', 'conflict'],
    freshToken: true,
    client: processRequest,
  },

  // ------------------------------------------------------------------ events
  listEvents: {
    method: 'GET',
    path: '/events',
    tag: 'Events',
    summary: 'Events of the organization, newest first',
    description:
      'Page with `next_cursor` (as `cursor`) or with `starting_after` (the last id of the ' +
      'previous page); filter by `type` and `created_after`. Each event has the `type`, ' +
      '`created_at` and `data` a webhook delivery of it carries. Events are kept ' +
      `${EVENT_RETENTION_DAYS} days.`,
    access: member(KEY_READERS),
    query: EventsQuery,
    response: EventPage,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  getEvent: {
    method: 'GET',
    path: '/events/{event_id}',
    tag: 'Events',
    summary: 'One event',
    description: `Events are kept ${EVENT_RETENTION_DAYS} days; an older one is not found.`,
    access: member(KEY_READERS),
    params: EventParams,
    response: Event,
    errors: ['not_found'],
    freshToken: true,
    client: processRequest,
  },
  streamEvents: {
    method: 'GET',
    path: '/events/stream',
    tag: 'Events',
    summary: 'The events of the organization, live (Server-Sent Events)',
    description: EVENT_STREAM_DESCRIPTION,
    access: member(KEY_READERS),
    headers: EventStreamHeaders,
    query: EventStreamQuery,
    response: EventStreamResponse,
    produces: 'text/event-stream',
    errors: ['not_found', 'gone'],
    freshToken: true,
    client: processRequest,
  },

  // ------------------------------------------------------------------ audit log
  listAuditLog: {
    method: 'GET',
    path: '/audit-log',
    tag: 'Audit log',
    summary: 'Who did what, when and from where (newest first)',
    access: member(MANAGERS),
    query: AuditLogQuery,
    response: AuditLogPage,
    errors: [],
    client: processRequest,
  },
  exportAuditLog: {
    method: 'GET',
    path: '/audit-log.csv',
    tag: 'Audit log',
    summary: 'The filtered audit log as CSV',
    description:
      'At most 50000 rows, newest first. Fields that a spreadsheet would read as a formula are defused.',
    access: member(MANAGERS),
    query: AuditLogQuery,
    response: Type.String({ description: 'CSV, UTF-8, one header line.' }),
    produces: 'text/csv',
    errors: [],
    client: processRequest,
  },
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof OPERATIONS;
export type OperationId = keyof Operations;
export const OPERATION_IDS = Object.keys(OPERATIONS) as OperationId[];

/** `POST /api-key` of an operation: its method and path relative to `/v1`. */
export type EndpointKeyOf<K extends OperationId> =
  `${Operations[K]['method']} ${Operations[K]['path']}`;
export const endpointKeyOf = (id: OperationId): string =>
  `${OPERATIONS[id].method} ${OPERATIONS[id].path}`;

/**
 * The errors an operation may answer: its own, and the ones its shape implies. In the order of
 * the catalogue, without repeats.
 */
export function impliedErrors(spec: OperationSpec): ErrorCode[] {
  const codes = new Set<ErrorCode>(['rate_limited', 'internal_error', 'service_unavailable']);
  const input = Boolean(spec.headers || spec.query || spec.params || spec.body || spec.idempotent);
  if (input) codes.add('invalid_request');
  if (spec.params) codes.add('uri_too_long');
  if (spec.method !== 'GET') {
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
  }
  if (spec.access.kind !== 'public') codes.add('unauthenticated');
  if (spec.access.kind === 'user') codes.add('people_only');
  if (spec.access.kind === 'member') {
    codes.add('organization_not_found');
    if (spec.access.roles.length < 5) codes.add('role_forbidden');
    if (spec.access.own_keys) codes.add('not_key_owner');
    if (spec.access.people_only) codes.add('people_only');
  }
  if (spec.freshToken) codes.add('token_revoked');
  if (spec.idempotent) {
    codes.add('idempotency_in_progress');
    codes.add('idempotency_superseded');
    codes.add('idempotency_key_reused');
  }
  for (const code of spec.errors) codes.add(code);
  return [...codes];
}
