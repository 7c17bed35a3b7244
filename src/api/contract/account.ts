/**
 * The account API under `/v1` (spec §7): request bodies, query strings and
 * answers. The server validates and serialises with these schemas and the
 * OpenAPI document at `/v1/openapi.json` is generated from them.
 */
import { Type, type Static } from 'typebox';
import { IsoDateTime, Nullable, UsdAmount } from './common';
import { CREDIT_PURCHASE_LIMITS } from './limits';

// ---------------------------------------------------------------- API keys

export const ApiKey = Type.Object(
  {
    id: Type.String({
      description: 'Identifier; send it as `x-api-key` to set-default or delete.',
    }),
    name: Type.String(),
    key: Type.String({
      description:
        'The full secret (prefix `vapi_`). Send it as the `api-key` header to the services host.',
    }),
    created_at: IsoDateTime,
    used_for_ui: Type.Boolean({
      description: 'Key used for image calls made from the browser (the first such key).',
    }),
    is_default: Type.Boolean(),
    last_used_at: Nullable(IsoDateTime),
  },
  { title: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKey>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: 'A label, 1 to 64 characters.' }),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ApiKeyList = Type.Object({ api_keys: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

/** Header naming the key that set-default and delete act on. */
export const ApiKeyIdHeaders = Type.Object({
  'x-api-key': Type.String({
    minLength: 1,
    maxLength: 64,
    description: 'The key id (not the secret).',
  }),
});
export type ApiKeyIdHeaders = Static<typeof ApiKeyIdHeaders>;

export const DeletedApiKey = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
export type DeletedApiKey = Static<typeof DeletedApiKey>;

// ------------------------------------------------------------ Organization

const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

const organizationFields = {
  name: Type.String({ minLength: 1, maxLength: 128 }),
  website: Type.String({
    minLength: 4,
    maxLength: 256,
    pattern: '^(https?://)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+([/?#][^\\s]*)?$',
    description: 'Web address, e.g. `https://example.com` or `example.com`.',
  }),
  country: Type.String({ minLength: 2, maxLength: 64 }),
  state: Type.String({ minLength: 1, maxLength: 64 }),
  gstin: Type.Optional(
    Type.String({
      pattern: GSTIN_PATTERN,
      description: 'Indian GST identification number (15 characters).',
    }),
  ),
  address: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
};

export const OrganizationBody = Type.Object(organizationFields, { additionalProperties: false });
export type OrganizationBody = Static<typeof OrganizationBody>;

export const OrganizationPatchBody = Type.Partial(OrganizationBody, { minProperties: 1 });
export type OrganizationPatchBody = Static<typeof OrganizationPatchBody>;

export const Organization = Type.Object(
  {
    name: Type.String(),
    website: Type.String(),
    country: Type.String(),
    state: Type.String(),
    gstin: Type.Optional(Type.String()),
    address: Type.Optional(Type.String()),
    wallet_balance: UsdAmount,
    email_verified: Type.Boolean(),
    created_at: IsoDateTime,
  },
  { title: 'Organization' },
);
export type Organization = Static<typeof Organization>;

export const EmailVerification = Type.Object({ email_verified: Type.Boolean() });
export type EmailVerification = Static<typeof EmailVerification>;

// ----------------------------------------------------------------- Credits

export const Balance = Type.Object({ remaining_credits: UsdAmount });
export type Balance = Static<typeof Balance>;

export { CREDIT_PURCHASE_LIMITS } from './limits';

export const CreateCreditOrderBody = Type.Object(
  {
    price_in_usd: Type.Number({
      minimum: CREDIT_PURCHASE_LIMITS.minUsd,
      maximum: CREDIT_PURCHASE_LIMITS.maxUsd,
      description: 'Amount to buy in USD: 5 to 10000, at most 2 decimals.',
    }),
  },
  { additionalProperties: false },
);
export type CreateCreditOrderBody = Static<typeof CreateCreditOrderBody>;

export const PaymentProvider = Type.Union([Type.Literal('stripe'), Type.Literal('sandbox')]);
export type PaymentProvider = Static<typeof PaymentProvider>;

export const CreditOrderStatus = Type.Union([
  Type.Literal('requires_payment'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
]);
export type CreditOrderStatus = Static<typeof CreditOrderStatus>;

export const CreditOrder = Type.Object(
  {
    order_id: Type.String(),
    amount_usd: UsdAmount,
    currency: Type.Literal('USD'),
    status: CreditOrderStatus,
    provider: PaymentProvider,
    client_secret: Nullable(
      Type.String({
        description: 'Stripe PaymentIntent client secret; null for the sandbox provider.',
      }),
    ),
    created_at: IsoDateTime,
  },
  { title: 'CreditOrder' },
);
export type CreditOrder = Static<typeof CreditOrder>;

export const SandboxConfirmBody = Type.Object(
  {
    order_id: Type.String({ minLength: 1, maxLength: 64 }),
    outcome: Type.Optional(Type.Union([Type.Literal('succeeded'), Type.Literal('failed')])),
  },
  { additionalProperties: false },
);
export type SandboxConfirmBody = Static<typeof SandboxConfirmBody>;

export const PaymentStatus = Type.Union([Type.Literal('succeeded'), Type.Literal('failed')]);
export type PaymentStatus = Static<typeof PaymentStatus>;

export const Payment = Type.Object(
  {
    id: Type.String(),
    order_id: Type.String(),
    amount_usd: UsdAmount,
    status: PaymentStatus,
    provider: PaymentProvider,
    created_at: IsoDateTime,
    receipt_reference: Nullable(Type.String()),
  },
  { title: 'Payment' },
);
export type Payment = Static<typeof Payment>;

export const PageQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});
export type PageQuery = Static<typeof PageQuery>;

export const PaymentList = Type.Object({
  payments: Type.Array(Payment),
  total_count: Type.Integer({ minimum: 0 }),
  has_more: Type.Boolean(),
});
export type PaymentList = Static<typeof PaymentList>;

export const WebhookReceipt = Type.Object({
  received: Type.Literal(true),
  duplicate: Type.Boolean(),
});
export type WebhookReceipt = Static<typeof WebhookReceipt>;

// ------------------------------------------------------------ Transactions

export const TransactionQuery = Type.Object({
  start_date: Type.Optional(IsoDateTime),
  end_date: Type.Optional(IsoDateTime),
  skip: Type.Integer({ minimum: 0, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
});
export type TransactionQuery = Static<typeof TransactionQuery>;

export const Transaction = Type.Object(
  {
    id: Type.String(),
    created_at: IsoDateTime,
    kind: Type.Union([Type.Literal('usage'), Type.Literal('purchase')]),
    deployment: Nullable(
      Type.String({ description: 'Deployment path, e.g. `object-detection`; null for purchases.' }),
    ),
    units: Type.Integer({
      minimum: 0,
      description: 'Calls metered (1 per image call; 0 for purchases).',
    }),
    amount_usd: Type.Number({
      description: 'Signed change of the wallet: negative for usage, positive for purchases.',
    }),
    api_key_name: Nullable(Type.String()),
    balance_after_usd: UsdAmount,
  },
  { title: 'Transaction' },
);
export type Transaction = Static<typeof Transaction>;

export const TransactionList = Type.Object({
  transactions: Type.Array(Transaction),
  total_count: Type.Integer({ minimum: 0 }),
  has_more: Type.Boolean(),
  totals: Type.Object({
    spent_usd: UsdAmount,
    purchased_usd: UsdAmount,
    calls: Type.Integer({ minimum: 0 }),
  }),
});
export type TransactionList = Static<typeof TransactionList>;

// ---------------------------------------------------------------- Feedback

export const FeedbackBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 5000 }),
    pageId: Type.String({ minLength: 1, maxLength: 200 }),
    email: Type.Optional(
      Type.String({ format: 'email', maxLength: 254, description: 'Required when not signed in.' }),
    ),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

export const FeedbackReceipt = Type.Object({ id: Type.String(), received_at: IsoDateTime });
export type FeedbackReceipt = Static<typeof FeedbackReceipt>;

// ----------------------------------------------------------------- Pricing

export const DeploymentPrice = Type.Object({
  task: Type.String(),
  sub: Nullable(Type.String()),
  path: Type.String({
    description: 'Path on the services host, e.g. `image-segmentation/semantic`.',
  }),
  name: Type.String(),
  price_per_call_usd: UsdAmount,
  unit: Type.Literal('call'),
  free_tier: Nullable(Type.Object({ calls_per_month: Type.Integer({ minimum: 0 }) })),
});
export type DeploymentPrice = Static<typeof DeploymentPrice>;

export const PublicPricing = Type.Object(
  {
    currency: Type.Literal('USD'),
    deployments: Type.Array(DeploymentPrice),
    coming_soon: Type.Array(Type.Object({ task: Type.String(), name: Type.String() })),
  },
  { title: 'PublicPricing' },
);
export type PublicPricing = Static<typeof PublicPricing>;

export const Health = Type.Object({ status: Type.Literal('ok') });
export type Health = Static<typeof Health>;
