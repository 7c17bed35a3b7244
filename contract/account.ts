/**
 * The account API under `/v1` (spec §7): request bodies, query strings and
 * answers. The server validates and serialises with these schemas and the
 * OpenAPI document at `/v1/openapi.json` is generated from them.
 */
import { Type, type Static } from 'typebox';
import {
  BoundedDateTime,
  IsoDateTime,
  MAX_SKIP,
  NextCursor,
  PageCursor,
  MultiLineText,
  Nullable,
  SingleLineText,
  UsdAmount,
} from './common';
import { CREDIT_PURCHASE_LIMITS } from './limits';
import { RoleSchema } from './teams';

// ---------------------------------------------------------------- API keys

export const KeyModeSchema = Type.Union([Type.Literal('live'), Type.Literal('test')], {
  description:
    '`live`: calls go to the inference deployment and are charged. `test`: calls are answered with sample results (`sandbox: true`), cost nothing and are rate-limited more tightly; a test key can never spend credits.',
});

/** Most origins one key may list, and the longest origin. */
export const KEY_ORIGIN_LIMITS = { maxOrigins: 20, maxLength: 200 } as const;

/** `https://app.example.com` or `http://localhost:3000`: scheme, host and port, nothing else. */
export const OriginSchema = Type.String({
  minLength: 8,
  maxLength: KEY_ORIGIN_LIMITS.maxLength,
  pattern: '^https?://[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:[0-9]{1,5})?$',
  'x-error-message': 'must be an origin such as https://app.example.com (lowercase, no path)',
});

/** A key's limits: which deployments, from which browser origins, until when. */
const KeyRestrictionFields = {
  allowed_deployments: Nullable(
    Type.Array(SingleLineText({ minLength: 1, maxLength: 64 }), {
      minItems: 1,
      maxItems: 32,
      uniqueItems: true,
      description:
        'The deployment paths this key may call (e.g. `object-detection`); null: every deployment.',
    }),
  ),
  allowed_origins: Nullable(
    Type.Array(OriginSchema, {
      minItems: 1,
      maxItems: KEY_ORIGIN_LIMITS.maxOrigins,
      uniqueItems: true,
      description:
        "Browser origins this key accepts calls from (the request's `Origin` header); null: any. The in-browser key accepts the site's own origin only unless set.",
    }),
  ),
  expires_at: Nullable(
    Type.String({
      format: 'date-time',
      description: 'After this instant the key is refused (403); null: never.',
    }),
  ),
};

export const ApiKeyRestrictionsBody = Type.Object(
  {
    allowed_deployments: Type.Optional(KeyRestrictionFields.allowed_deployments),
    allowed_origins: Type.Optional(KeyRestrictionFields.allowed_origins),
    expires_at: Type.Optional(Nullable(BoundedDateTime)),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type ApiKeyRestrictionsBody = Static<typeof ApiKeyRestrictionsBody>;

export const ApiKey = Type.Object(
  {
    id: Type.String({
      description: 'Identifier; send it as `x-api-key` to set-default, roll or delete.',
    }),
    name: Type.String(),
    prefix: Type.String({
      description: 'The readable start of the secret: `va_live_` (live) or `va_test_` (test).',
    }),
    mode: KeyModeSchema,
    last4: Type.String({ description: 'The last four characters of the secret.' }),
    redacted: Type.String({
      description: 'What lists show instead of the secret: prefix, an ellipsis and the last four.',
      examples: ['va_live_…x7Qe'],
    }),
    key: Type.Optional(
      Type.String({
        description:
          'The full secret. Present once, in the answer that creates or rolls the key, and on ' +
          "the caller's own in-browser key (`used_for_ui`) and on test keys (free sample " +
          'answers; also shown to owners and admins). Live secrets are stored as keyed hashes ' +
          'and cannot be shown again.',
      }),
    ),
    created_at: IsoDateTime,
    created_by: Type.Optional(
      Nullable(
        Type.String({
          description:
            "In the list: the e-mail of the key's holder, the member who created it, was " +
            'handed it or rolled it last (its spend counts towards their limit); null when no ' +
            'known member holds it.',
        }),
      ),
    ),
    used_for_ui: Type.Boolean({
      description:
        "An in-browser key: the playground's and the docs' image calls. Each owner, admin and " +
        'developer has their own.',
    }),
    is_default: Type.Boolean(),
    last_used_at: Nullable(IsoDateTime),
    previous_secret_expires_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'After a roll with a grace period: when the old secret stops working.',
      }),
    ),
    monthly_cap_usd: Nullable(
      Type.Number({
        minimum: 0,
        description:
          'Spend cap of this key per calendar month (UTC), in USD; null: no cap. A call that would pass it is refused with 429.',
      }),
    ),
    month_to_date_usd: Type.Number({
      minimum: 0,
      description: 'What this key has spent this calendar month (UTC), calls in flight included.',
    }),
    ...KeyRestrictionFields,
    disabled: Type.Boolean({
      description: 'A disabled key is refused (403) until it is enabled again.',
    }),
    disabled_reason: Nullable(
      Type.Union([Type.Literal('owner'), Type.Literal('spend_spike')], {
        description:
          '`owner`: disabled by a member; `spend_spike`: paused by the leak circuit-breaker when its spend today jumped far above its usual.',
      }),
    ),
    refused_calls: Type.Integer({
      minimum: 0,
      description: "Calls refused because they were outside this key's limits (403, free).",
    }),
    last_refused: Nullable(
      Type.Object({
        at: IsoDateTime,
        reason: Type.String({ description: 'Which limit refused it.' }),
      }),
    ),
  },
  { title: 'ApiKey' },
);
export type ApiKey = Static<typeof ApiKey>;

/** The answer of creating or rolling a key: the one time the full secret is shown. */
export const ApiKeyWithSecret = Type.Intersect([ApiKey, Type.Object({ key: Type.String() })], {
  title: 'ApiKeyWithSecret',
});
export type ApiKeyWithSecret = Static<typeof ApiKeyWithSecret>;

/** Grace periods a rolled key's old secret may keep working, in hours (0: revoked at once). */
export const ROLL_GRACE_HOURS = [0, 1, 24, 72, 168] as const;

export const RollApiKeyBody = Type.Object(
  {
    // Listed one by one (not mapped from ROLL_GRACE_HOURS) so the static type is the union of
    // the literals rather than `never`.
    expire_previous_in_hours: Type.Union(
      [Type.Literal(0), Type.Literal(1), Type.Literal(24), Type.Literal(72), Type.Literal(168)],
      {
        description:
          'How long the old secret keeps working: 0 revokes it at once; 1, 24, 72 or 168 hours.',
      },
    ),
  },
  { additionalProperties: false },
);
export type RollApiKeyBody = Static<typeof RollApiKeyBody>;

export const CreateApiKeyBody = Type.Object(
  {
    name: SingleLineText({
      minLength: 1,
      maxLength: 64,
      description: 'A label, 1 to 64 characters.',
    }),
    mode: Type.Optional(KeyModeSchema),
    allowed_deployments: Type.Optional(KeyRestrictionFields.allowed_deployments),
    allowed_origins: Type.Optional(KeyRestrictionFields.allowed_origins),
    expires_at: Type.Optional(Nullable(BoundedDateTime)),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const ApiKeyList = Type.Object({ api_keys: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

/** Header naming the key that set-default and delete act on. */
export const ApiKeyIdHeaders = Type.Object({
  'x-api-key': SingleLineText({
    minLength: 1,
    maxLength: 64,
    description: 'The key id (not the secret).',
  }),
});
export type ApiKeyIdHeaders = Static<typeof ApiKeyIdHeaders>;

export const DeletedApiKey = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });

/** Calls a signed-out reader may make with the shared demo test key, per minute and IP. */
export const DEMO_KEY_CALLS_PER_MINUTE = 10;

export const DemoKey = Type.Object(
  {
    key: Type.String({
      description:
        "The shared demo test key: free sample answers, from the site's own origins only, at most " +
        `${DEMO_KEY_CALLS_PER_MINUTE} calls a minute per client.`,
    }),
    mode: Type.Literal('test'),
    calls_per_minute: Type.Integer({ minimum: 1 }),
  },
  { title: 'DemoKey' },
);
export type DemoKey = Static<typeof DemoKey>;
export type DeletedApiKey = Static<typeof DeletedApiKey>;

// ------------------------------------------------------------ Organization

const GSTIN_PATTERN = '^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$';

const organizationFields = {
  name: SingleLineText({ minLength: 1, maxLength: 128 }),
  website: Type.String({
    minLength: 4,
    maxLength: 256,
    pattern: '^(https?://)?[A-Za-z0-9-]+(\\.[A-Za-z0-9-]+)+([/?#][^\\s]*)?$',
    description: 'Web address, e.g. `https://example.com` or `example.com`.',
  }),
  country: SingleLineText({ minLength: 2, maxLength: 64 }),
  state: SingleLineText({
    minLength: 0,
    maxLength: 64,
    description:
      "State or region; required (not empty) where the country's addresses have one (US, India, Canada…), empty where they do not (Singapore, Germany…).",
  }),
  gstin: Type.Optional(
    Type.String({
      pattern: GSTIN_PATTERN,
      description: 'Indian GST identification number (15 characters).',
    }),
  ),
  address: Type.Optional(MultiLineText({ minLength: 1, maxLength: 512 })),
};

export const OrganizationBody = Type.Object(organizationFields, { additionalProperties: false });
export type OrganizationBody = Static<typeof OrganizationBody>;

export const OrganizationPatchBody = Type.Partial(OrganizationBody, { minProperties: 1 });
export type OrganizationPatchBody = Static<typeof OrganizationPatchBody>;

export const Organization = Type.Object(
  {
    id: Type.String({ description: 'Send it as `x-organization-id` to act on this organization.' }),
    role: Type.Optional(RoleSchema),
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

export const Balance = Type.Object({
  remaining_credits: UsdAmount,
  low_balance_threshold_usd: Nullable(
    Type.Number({ description: 'The low-balance alert threshold set on the buy-credits page.' }),
  ),
  below_threshold: Type.Boolean({
    description: 'True while the balance is below the low-balance alert threshold.',
  }),
});
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

export const PaymentStatus = Type.Union([
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('partially_refunded'),
  Type.Literal('refunded'),
  Type.Literal('disputed'),
]);
export type PaymentStatus = Static<typeof PaymentStatus>;

export const Payment = Type.Object(
  {
    id: Type.String(),
    order_id: Type.String(),
    amount_usd: UsdAmount,
    status: PaymentStatus,
    refunded_usd: Type.Number({
      minimum: 0,
      description: 'Taken back from the wallet so far by refunds and lost or open disputes.',
    }),
    provider: PaymentProvider,
    kind: Type.Union([Type.Literal('purchase'), Type.Literal('auto_recharge')], {
      description:
        '`auto_recharge`: charged to the saved card when the balance fell below the threshold.',
    }),
    created_at: IsoDateTime,
    receipt_reference: Nullable(Type.String()),
    invoice_number: Nullable(
      Type.String({
        description:
          'The invoice issued for this payment (every fulfilled payment has one); download it from `GET /credits/payments/{payment_id}/invoice`.',
      }),
    ),
  },
  { title: 'Payment' },
);
export type Payment = Static<typeof Payment>;

export const CreditOrderStatus = Type.Union([
  Type.Literal('requires_payment'),
  Type.Literal('processing'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('expired'),
]);
export type CreditOrderStatus = Static<typeof CreditOrderStatus>;

/** Unpaid orders an organization may hold at once, and how long one stays payable. */
export const OPEN_ORDER_LIMITS = { maxOpen: 5, expiresAfterMinutes: 60 } as const;

export const CreditOrder = Type.Object(
  {
    order_id: Type.String(),
    amount_usd: UsdAmount,
    currency: Type.Literal('USD'),
    status: Type.Union(CreditOrderStatus.anyOf, {
      description:
        '`requires_payment` until the provider confirms; `processing` while the payment is ' +
        'settled (the wallet is not credited yet); `succeeded` once the credits are in the ' +
        'wallet; `failed`; `expired` when it was not paid in time.',
    }),
    provider: PaymentProvider,
    client_secret: Nullable(
      Type.String({
        description: 'Stripe PaymentIntent client secret; null for the sandbox provider.',
      }),
    ),
    created_at: IsoDateTime,
    expires_at: IsoDateTime,
    payment: Nullable(Payment),
  },
  { title: 'CreditOrder' },
);
export type CreditOrder = Static<typeof CreditOrder>;

export const CreditOrderParams = Type.Object({
  order_id: SingleLineText({ minLength: 1, maxLength: 64 }),
});
export type CreditOrderParams = Static<typeof CreditOrderParams>;

export const SandboxConfirmBody = Type.Object(
  {
    order_id: SingleLineText({ minLength: 1, maxLength: 64 }),
    outcome: Type.Optional(Type.Union([Type.Literal('succeeded'), Type.Literal('failed')])),
  },
  { additionalProperties: false },
);
export type SandboxConfirmBody = Static<typeof SandboxConfirmBody>;

export const PageQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
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
  start_date: Type.Optional(BoundedDateTime),
  end_date: Type.Optional(BoundedDateTime),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  cursor: Type.Optional(PageCursor),
});
export type TransactionQuery = Static<typeof TransactionQuery>;

export const TransactionKind = Type.Union(
  [
    Type.Literal('usage'),
    Type.Literal('purchase'),
    Type.Literal('refund'),
    Type.Literal('dispute'),
    Type.Literal('dispute_won'),
  ],
  {
    description:
      '`usage`: a metered call; `purchase`: credits bought; `refund`: credits taken back after ' +
      'a refund; `dispute`: credits held back while a card dispute is open or after it was ' +
      'lost; `dispute_won`: credits returned when a dispute was won.',
  },
);
export type TransactionKind = Static<typeof TransactionKind>;

export const Transaction = Type.Object(
  {
    id: Type.String(),
    created_at: IsoDateTime,
    kind: TransactionKind,
    deployment: Nullable(
      Type.String({ description: 'Deployment path, e.g. `object-detection`; null for purchases.' }),
    ),
    units: Type.Integer({
      minimum: 0,
      description: 'Calls metered (1 per image call; 0 for purchases).',
    }),
    amount_usd: Type.Number({
      description:
        'Signed change of the wallet: negative for usage, refunds and disputes, positive for ' +
        'purchases and won disputes.',
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
  next_cursor: NextCursor,
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
    subject: SingleLineText({ minLength: 1, maxLength: 200 }),
    body: MultiLineText({ minLength: 1, maxLength: 5000 }),
    pageId: SingleLineText({ minLength: 1, maxLength: 200 }),
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
