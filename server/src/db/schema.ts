/**
 * Tables of the reference backend. Money columns hold integer micro-dollars
 * (1 USD = 1_000_000); `ledger_entries` is append-only and every change of
 * `organizations.balance_micros` writes one ledger row in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const micros = (name: string) => bigint(name, { mode: 'number' });
const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUid: text('owner_uid').notNull(),
    ownerEmail: text('owner_email'),
    name: text('name').notNull(),
    website: text('website').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull(),
    gstin: text('gstin'),
    address: text('address'),
    emailVerified: boolean('email_verified').notNull().default(false),
    balanceMicros: micros('balance_micros').notNull().default(0),
    createdAt: createdAt(),
    /** Auto-recharge: when a call takes the balance below the threshold, buy `amount`. */
    autoRechargeEnabled: boolean('auto_recharge_enabled').notNull().default(false),
    autoRechargeThresholdMicros: bigint('auto_recharge_threshold_micros', { mode: 'number' }),
    autoRechargeAmountMicros: bigint('auto_recharge_amount_micros', { mode: 'number' }),
    /** The daily ceiling on automatic recharges (null: the defaults, RECHARGE_CEILING). */
    autoRechargeDailyMaxCount: integer('auto_recharge_daily_max_count'),
    autoRechargeDailyMaxMicros: bigint('auto_recharge_daily_max_micros', { mode: 'number' }),
    /** Why the last automatic charge failed (auto-recharge was then turned off). */
    autoRechargeFailure: text('auto_recharge_failure'),
    autoRechargeFailedAt: timestamp('auto_recharge_failed_at', {
      withTimezone: true,
      mode: 'date',
    }),
    /** The saved card for off-session charges: Stripe customer and payment method, or the sandbox's. */
    paymentMethodProvider: text('payment_method_provider', { enum: ['stripe', 'sandbox'] }),
    paymentMethodId: text('payment_method_id'),
    paymentMethodLabel: text('payment_method_label'),
    stripeCustomerId: text('stripe_customer_id'),
    /** Low-balance alert: one e-mail when the balance falls below it, re-armed above it. */
    lowBalanceThresholdMicros: bigint('low_balance_threshold_micros', { mode: 'number' }),
    lowBalanceAlertedAt: timestamp('low_balance_alerted_at', { withTimezone: true, mode: 'date' }),
  },
  // A user may own several organizations (teams); the owner is also a member with role `owner`.
  (t) => [index('organizations_owner_uid_idx').on(t.ownerUid)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** HMAC-SHA-256 of the secret under API_KEY_HMAC_SECRET, hex. The secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    /** `va_live_` / `va_test_` (or `vapi_` for keys made before the change). */
    prefix: text('prefix').notNull(),
    last4: text('last4').notNull(),
    /** AES-256-GCM ciphertext of the secret; only for the in-browser (`used_for_ui`) key. */
    secretEncrypted: text('secret_encrypted'),
    /** After a roll with a grace period: the old secret's hash, accepted until it expires. */
    previousSecretHash: text('previous_secret_hash'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    usedForUi: boolean('used_for_ui').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    /** Spend cap per calendar month (UTC), micro-dollars; null: no cap. */
    monthlyCapMicros: bigint('monthly_cap_micros', { mode: 'number' }),
    /** Charged and held this month (`spend_month`, the first day of a UTC month). */
    monthSpendMicros: bigint('month_spend_micros', { mode: 'number' }).notNull().default(0),
    spendMonth: date('spend_month', { mode: 'string' }),
    /**
     * `live`: forwarded to the inference deployment and charged. `test`: answered by the sample
     * answerer inside the gateway, free, in every mode (Stripe's test keys, for vision calls).
     */
    mode: text('mode', { enum: ['live', 'test'] })
      .notNull()
      .default('live'),
    /** Limits (null: none): deployment paths, browser origins, an expiry; and a pause switch. */
    allowedDeployments: text('allowed_deployments').array(),
    allowedOrigins: text('allowed_origins').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    /** `owner`: disabled by a member; `spend_spike`: paused by the leak circuit-breaker. */
    disabledReason: text('disabled_reason', { enum: ['owner', 'spend_spike'] }),
    /**
     * The leak circuit-breaker's view of the key: what it spent on `spend_day` (UTC, calls in
     * flight included) and a running average of its daily spend over about a week.
     */
    daySpendMicros: bigint('day_spend_micros', { mode: 'number' }).notNull().default(0),
    spendDay: date('spend_day', { mode: 'string' }),
    trailingDailyMicros: bigint('trailing_daily_micros', { mode: 'number' }).notNull().default(0),
    /** Calls refused for being outside the limits, and the last one's reason. */
    refusedCalls: integer('refused_calls').notNull().default(0),
    lastRefusedAt: timestamp('last_refused_at', { withTimezone: true, mode: 'date' }),
    lastRefusedReason: text('last_refused_reason'),
    /**
     * The key's holder: the member who created it, was handed it, or rolled it last (whoever was
     * shown its current secret to keep). Its spend counts towards their monthly limit. Never null
     * in an organization with members (migration 0013's trigger gives a key without one to the
     * owner).
     */
    createdByUid: text('created_by_uid'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_hash_key').on(t.secretHash),
    uniqueIndex('api_keys_previous_secret_hash_key')
      .on(t.previousSecretHash)
      .where(sql`previous_secret_hash is not null`),
    index('api_keys_organization_idx').on(t.organizationId),
  ],
);

export const deployments = pgTable('deployments', {
  path: text('path').primaryKey(),
  task: text('task').notNull(),
  sub: text('sub'),
  name: text('name').notNull(),
  pricePerCallMicros: micros('price_per_call_micros').notNull(),
  freeTierCallsPerMonth: integer('free_tier_calls_per_month'),
  sortOrder: integer('sort_order').notNull(),
});

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key (migration 0030): organizations are never deleted, and the key's check
    // locked the wallet's hot row on every call.
    organizationId: uuid('organization_id').notNull(),
    kind: text('kind', {
      enum: ['usage', 'purchase', 'refund', 'dispute', 'dispute_won'],
    }).notNull(),
    deployment: text('deployment'),
    units: integer('units').notNull(),
    /** Signed: negative for usage, positive for purchases. */
    amountMicros: micros('amount_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros').notNull(),
    // No foreign key: keys can be deleted, the ledger keeps their name.
    apiKeyId: uuid('api_key_id'),
    apiKeyName: text('api_key_name'),
    paymentId: uuid('payment_id'),
    /** The usage reservation this charge captured: one ledger row per reservation at most. */
    reservationId: uuid('reservation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // Pages by keyset (time, id) walk this index (migration 0016).
    index('ledger_entries_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    // Purchases, refunds and disputes of a range without walking its usage rows (migration 0012).
    index('ledger_entries_org_money_idx')
      .on(t.organizationId, t.createdAt)
      .where(sql`kind <> 'usage'`),
    uniqueIndex('ledger_entries_reservation_key')
      .on(t.reservationId)
      .where(sql`reservation_id is not null`),
  ],
);

export const creditOrders = pgTable(
  'credit_orders',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    amountMicros: micros('amount_micros').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status', {
      enum: ['requires_payment', 'processing', 'succeeded', 'failed', 'expired'],
    }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    /** `purchase`: bought on the buy-credits page; `auto_recharge`: charged to the saved card. */
    kind: text('kind', { enum: ['purchase', 'auto_recharge'] })
      .notNull()
      .default('purchase'),
    providerReference: text('provider_reference'),
    clientSecret: text('client_secret'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`now() + interval '60 minutes'`),
    /** Sandbox only: the confirmed outcome, applied once `fulfil_after` has passed. */
    sandboxOutcome: text('sandbox_outcome', { enum: ['succeeded', 'failed'] }),
    fulfilAfter: timestamp('fulfil_after', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('credit_orders_organization_idx').on(t.organizationId, t.status),
    uniqueIndex('credit_orders_provider_reference_key').on(t.providerReference),
    // Never two automatic charges at once for one organization.
    uniqueIndex('credit_orders_one_open_auto_recharge_key')
      .on(t.organizationId)
      .where(sql`kind = 'auto_recharge' and status in ('requires_payment', 'processing')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    orderId: text('order_id')
      .notNull()
      .references(() => creditOrders.id),
    providerPaymentId: text('provider_payment_id').notNull(),
    amountMicros: micros('amount_micros').notNull(),
    status: text('status', {
      enum: ['succeeded', 'failed', 'partially_refunded', 'refunded', 'disputed'],
    }).notNull(),
    /** Taken back from the wallet by refunds so far. */
    refundedMicros: micros('refunded_micros').notNull().default(0),
    /** Held back by an open or lost dispute. */
    disputedMicros: micros('disputed_micros').notNull().default(0),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    receiptReference: text('receipt_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment credits a wallet at most once, whatever replays the provider sends, and whatever
    // happens to it afterwards (refunds and disputes keep it in this index).
    uniqueIndex('payments_settled_provider_payment_key')
      .on(t.providerPaymentId)
      .where(sql`status <> 'failed'`),
    // A repeated failure of the same payment is recorded once.
    uniqueIndex('payments_failed_provider_payment_key')
      .on(t.providerPaymentId)
      .where(sql`status = 'failed'`),
    index('payments_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const feedbackMessages = pgTable('feedback_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id').references(() => organizations.id),
  uid: text('uid'),
  email: text('email'),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  pageId: text('page_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * A metered call's price, held from the wallet while the answer is produced: captured into a
 * ledger row when the answer is ready, released (given back) on any failure. The balance column
 * already excludes held amounts, so concurrent calls can never overspend.
 */
export const usageReservations = pgTable(
  'usage_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign key (migration 0030): organizations are never deleted, and the key's check
    // locked the wallet's hot row on every call.
    organizationId: uuid('organization_id').notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    deployment: text('deployment').notNull(),
    amountMicros: micros('amount_micros').notNull(),
    /** The wallet right after this hold: what the call's ledger row and answer report. */
    balanceAfterMicros: micros('balance_after_micros').notNull(),
    status: text('status', { enum: ['held', 'captured', 'released'] }).notNull(),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    /**
     * The hold's lease, on the database's clock: the process running the call renews it while the
     * call runs (a heartbeat); once it lapses the hold belongs to a dead process and any process
     * releases it. Null for holds taken before leases existed (then: created_at + 5 minutes).
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('usage_reservations_held_idx')
      .on(t.createdAt)
      .where(sql`status = 'held'`),
    index('usage_reservations_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'held'`),
  ],
);

/**
 * Who was shown an API key's current secret (issue 31): its holder when it was made or rolled,
 * and every member the key list showed it to (the in-browser and test keys' secrets are readable
 * again). A new secret forgets the old rows. When a member leaves, is removed or is demoted to a
 * role that may not read a key, every key they were shown gets a new secret at once.
 */
export const apiKeySecretViews = pgTable(
  'api_key_secret_views',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    uid: text('uid').notNull(),
    shownAt: timestamp('shown_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.uid] }),
    index('api_key_secret_views_member_idx').on(t.organizationId, t.uid),
  ],
);

/**
 * What a deleted API key had spent in its last month, kept when the key is deleted (by its
 * member, or with a member who leaves or is removed): a member's monthly spend is their live
 * keys' counters plus these rows of the month, so deleting a key and creating another does not
 * reset the member's spend limit. A hold released after its key was deleted gives its share back
 * here. Only keys with a creator and a spend are kept.
 */
export const deletedKeySpend = pgTable(
  'deleted_key_spend',
  {
    apiKeyId: uuid('api_key_id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    createdByUid: text('created_by_uid').notNull(),
    spendMonth: date('spend_month', { mode: 'string' }).notNull(),
    monthSpendMicros: micros('month_spend_micros').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('deleted_key_spend_member_idx').on(t.organizationId, t.createdByUid, t.spendMonth)],
);

/**
 * Answers remembered for an `Idempotency-Key`: a retry within 24 h gets the first answer and is
 * not charged again. `scope` names the caller (an API key id, or an organization).
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['in_progress', 'done'] }).notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
    /**
     * The attempt that owns an `in_progress` record (a fencing token): only it may complete the
     * record, and a retry that takes over an abandoned record gives it a new one.
     */
    attempt: uuid('attempt'),
    /** While `in_progress`: the owner's lease (database clock), renewed while the call runs. */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    /** While `in_progress`: the usage hold of the attempt, released when a retry takes over. */
    reservationId: uuid('reservation_id'),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_records_created_idx').on(t.createdAt),
    index('idempotency_records_attempt_idx')
      .on(t.attempt)
      .where(sql`state = 'in_progress'`),
  ],
);

/**
 * Invoices: one per fulfilled payment, numbered from one gap-free sequence for the site (the
 * counter row is taken in the payment's transaction, so a rolled-back payment leaves no gap).
 * Seller and buyer are copied at issue time: later changes to the organization do not alter an
 * issued invoice, and a trigger refuses UPDATE and DELETE.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    seller: jsonb('seller').notNull(),
    buyer: jsonb('buyer').notNull(),
    amountMicros: micros('amount_micros').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    paymentReference: text('payment_reference'),
  },
  (t) => [
    uniqueIndex('invoices_sequence_key').on(t.sequence),
    uniqueIndex('invoices_number_key').on(t.number),
    uniqueIndex('invoices_payment_key').on(t.paymentId),
    index('invoices_organization_idx').on(t.organizationId),
  ],
);

/** The last number issued per sequence (one row, `site`). */
export const invoiceCounters = pgTable('invoice_counters', {
  scope: text('scope').primaryKey(),
  last: integer('last').notNull(),
});

const ROLE_VALUES = ['owner', 'admin', 'developer', 'billing', 'viewer'] as const;
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Who belongs to an organization, with one role each. Exactly one `owner` per organization (a
 * partial unique index; `organizations.owner_uid` follows it), moved only by a transfer.
 */
export const memberships = pgTable(
  'memberships',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    uid: text('uid').notNull(),
    email: text('email'),
    role: text('role', { enum: ROLE_VALUES }).notNull(),
    /**
     * Spend limit per UTC month of the keys this member created, micro-dollars; null: none. What
     * they spent is the sum of those keys' monthly counters (api_keys.month_spend_micros) and of
     * what their keys deleted this month had spent (deleted_key_spend).
     */
    monthlyLimitMicros: bigint('monthly_limit_micros', { mode: 'number' }),
    createdAt: createdAt(),
    lastActiveAt: at('last_active_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.uid] }),
    uniqueIndex('memberships_one_owner_key')
      .on(t.organizationId)
      .where(sql`role = 'owner'`),
    index('memberships_uid_idx').on(t.uid),
  ],
);

/**
 * A member removed by another (not one who left): what the removed person is told when they sign
 * in again ("Acme removed you on …"), without reading another organization's audit log.
 */
export const membershipRemovals = pgTable(
  'membership_removals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The organization's name when it removed them. */
    organizationName: text('organization_name').notNull(),
    removedByEmail: text('removed_by_email'),
    removedAt: createdAt(),
  },
  (t) => [index('membership_removals_uid_idx').on(t.uid, t.removedAt)],
);

/** The organization a user's calls act on when they name none. */
export const userPreferences = pgTable('user_preferences', {
  uid: text('uid').primaryKey(),
  selectedOrganizationId: uuid('selected_organization_id').references(() => organizations.id),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An invitation by e-mail; the link's token is kept only as a hash and works once. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    email: text('email').notNull(),
    role: text('role', { enum: ROLE_VALUES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUid: text('invited_by_uid'),
    invitedByEmail: text('invited_by_email'),
    createdAt: createdAt(),
    sentAt: at('sent_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedByUid: text('accepted_by_uid'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_one_open_per_email_key')
      .on(t.organizationId, t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('invitations_organization_idx').on(t.organizationId, t.createdAt),
  ],
);

/** Machine members: `va_admin_…` keys for /v1, hashed, with a role and an optional expiry. */
export const adminKeys = pgTable(
  'admin_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    role: text('role', { enum: ROLE_VALUES }).notNull(),
    secretHash: text('secret_hash').notNull(),
    last4: text('last4').notNull(),
    createdByUid: text('created_by_uid'),
    createdByEmail: text('created_by_email'),
    /**
     * The member the current secret was shown to: the creator, or whoever rolled it last. When
     * they leave or are removed the key is deleted, since they may still hold its secret.
     */
    secretHolderUid: text('secret_holder_uid'),
    createdAt: createdAt(),
    expiresAt: at('expires_at'),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('admin_keys_secret_hash_key').on(t.secretHash),
    index('admin_keys_organization_idx').on(t.organizationId),
  ],
);

/**
 * Who did what, when and from where. Append-only (a trigger refuses UPDATE and DELETE), written
 * in the transaction of the change it records. Never holds a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    at: at('at').notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: ['user', 'admin_key', 'system'] }).notNull(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').notNull().default({}),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_organization_at_idx').on(t.organizationId, t.at, t.id),
    index('audit_log_organization_action_idx').on(t.organizationId, t.action),
    // Migration 0027: the actor filter (an id or a label) reads that actor's entries only.
    index('audit_log_organization_actor_idx').on(t.organizationId, t.actorId, t.at),
    index('audit_log_organization_actor_label_idx').on(t.organizationId, t.actorLabel, t.at),
    // The per-account invitation quota: one person's sendings in the last 24 hours.
    index('audit_log_invitations_by_actor_idx')
      .on(t.actorId, t.at)
      .where(sql`${t.action} in ('member.invited', 'member.invitation_resent')`),
  ],
);

/**
 * Migration 0027: the audit log's entries per organization, UTC day and action, added by a
 * statement-level trigger in the transaction of each insert (the log is append-only), so a page's
 * total sums days instead of counting entries. Sharded per connection; readers sum a bucket's rows.
 */
export const auditDaily = pgTable(
  'audit_daily',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    action: text('action').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
    shard: smallint('shard').notNull().default(0),
  },
  (t) => [unique('audit_daily_bucket_key').on(t.organizationId, t.bucket, t.action, t.shard)],
);

/** Free calls of test keys, counted per UTC day, key and deployment (the usage page shows them apart). */
export const testUsage = pgTable(
  'test_usage',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    day: date('day', { mode: 'string' }).notNull(),
    apiKeyId: uuid('api_key_id').notNull(),
    apiKeyName: text('api_key_name').notNull(),
    deployment: text('deployment').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day, t.apiKeyId, t.deployment] })],
);

/**
 * Usage read models (migration 0012): metered calls and their spend per organization, bucket,
 * deployment, key and member, kept exact in the transaction that writes each usage row of the
 * ledger (a trigger on `ledger_entries`, so every path that charges, captures included, updates
 * them). The usage chart, its tables and CSV, and the totals read these instead of the ledger:
 * their cost grows with buckets, not calls. Hourly buckets serve the edges of a range and
 * non-UTC days; daily buckets (UTC days) the rest.
 */
const usageRollup = (name: string) =>
  pgTable(
    name,
    {
      organizationId: uuid('organization_id')
        .notNull()
        .references(() => organizations.id),
      /** Start of the bucket (an hour, or a UTC day), UTC. */
      bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
      deployment: text('deployment').notNull(),
      apiKeyId: uuid('api_key_id'),
      /** The member who held the key when the call was charged (the key's creator). */
      memberUid: text('member_uid'),
      /** The key's name at its latest call in the bucket (the ledger keeps each call's). */
      apiKeyName: text('api_key_name'),
      /** Ledger rows (the transactions list counts them); `calls` sums their units. */
      entries: bigint('entries', { mode: 'number' }).notNull(),
      calls: bigint('calls', { mode: 'number' }).notNull(),
      spentMicros: micros('spent_micros').notNull(),
      /**
       * Migration 0018: each database connection adds to its own row of a bucket, so concurrent
       * captures do not queue on one row lock; readers sum a bucket's rows.
       */
      shard: smallint('shard').notNull().default(0),
    },
    (t) => [
      unique(`${name}_bucket_key`)
        .on(t.organizationId, t.bucket, t.deployment, t.apiKeyId, t.memberUid, t.shard)
        .nullsNotDistinct(),
      index(`${name}_key_idx`).on(t.organizationId, t.apiKeyId, t.bucket),
    ],
  );
export const usageHourly = usageRollup('usage_hourly');
export const usageDaily = usageRollup('usage_daily');

/**
 * Migration 0025: coarser rollups kept by the same trigger, for reads that show fewer
 * dimensions (the usage chart's days by deployment, the range by key): per organization and
 * bucket, by deployment (hour and UTC day) or by key (UTC day). Sharded as the others.
 */
const coarseColumns = {
  organizationId: uuid('organization_id')
    .notNull()
    .references(() => organizations.id),
  bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
  entries: bigint('entries', { mode: 'number' }).notNull(),
  calls: bigint('calls', { mode: 'number' }).notNull(),
  spentMicros: micros('spent_micros').notNull(),
  shard: smallint('shard').notNull().default(0),
};
const deploymentRollup = (name: string) =>
  pgTable(name, { ...coarseColumns, deployment: text('deployment').notNull() }, (t) => [
    unique(`${name}_bucket_key`).on(t.organizationId, t.bucket, t.deployment, t.shard),
  ]);
export const usageDailyDeployment = deploymentRollup('usage_daily_deployment');
export const usageHourlyDeployment = deploymentRollup('usage_hourly_deployment');
export const usageDailyKey = pgTable(
  'usage_daily_key',
  { ...coarseColumns, apiKeyId: uuid('api_key_id'), apiKeyName: text('api_key_name') },
  (t) => [
    unique('usage_daily_key_bucket_key')
      .on(t.organizationId, t.bucket, t.apiKeyId, t.shard)
      .nullsNotDistinct(),
  ],
);

/**
 * Status from real traffic (issue 34): each component's outcomes per UTC hour and per UTC day,
 * added by each process from memory every few seconds (services/status/recorder.ts), never one
 * write per call. A component is `account-api` or a deployment path. `calls` counts the answers
 * that say something about availability (successes and server failures; a caller's own 4xx is
 * neither), `failures` the 5xx among them; `latency_ms` counts the successes' times in the
 * buckets of STATUS_LATENCY_BOUNDS_MS (contract/status.ts), the last one unbounded.
 */
export const statusRollups = pgTable(
  'status_rollups',
  {
    component: text('component').notNull(),
    /** `hour` or `day`. */
    width: text('width').notNull(),
    bucket: timestamp('bucket', { withTimezone: true, mode: 'date' }).notNull(),
    calls: bigint('calls', { mode: 'number' }).notNull(),
    failures: bigint('failures', { mode: 'number' }).notNull(),
    latencyMs: bigint('latency_ms', { mode: 'number' }).array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.component, t.width, t.bucket] }),
    index('status_rollups_bucket_idx').on(t.width, t.bucket),
  ],
);

/**
 * Incidents opened and closed by the gateway's circuits: one open incident per component at most
 * (a partial unique index), whichever process's circuit opened first.
 */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    component: text('component').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /** The upstream's last failure when the circuit opened, as the gateway worded it. */
    cause: text('cause'),
  },
  (t) => [
    uniqueIndex('status_incidents_open_idx')
      .on(t.component)
      .where(sql`${t.resolvedAt} is null`),
    index('status_incidents_started_idx').on(t.startedAt),
  ],
);

/** Event types an endpoint may subscribe to (`test` is sent only by "Send test event"). */
export const EVENT_TYPES = [
  'job.succeeded',
  'job.failed',
  'balance.low',
  'key.paused',
  'payment.succeeded',
] as const;
export type EventType = (typeof EVENT_TYPES)[number] | 'test';

/**
 * The events outbox (migration 0020): written by `vapi_publish_event` in the same transaction as
 * the change it announces; webhook delivery reads from here.
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').$type<EventType>().notNull(),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('events_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('events_created_idx').on(t.createdAt, t.id),
  ],
);

/** Webhook endpoints of an organization (migration 0022). */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull().$type<string[]>(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason').$type<'manual' | 'failing'>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    secretEncrypted: text('secret_encrypted').notNull(),
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', {
      withTimezone: true,
      mode: 'date',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId, t.createdAt)],
);

export type WebhookDeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';

/** One delivery per (event, endpoint); its attempts are in webhook_attempts. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: text('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventType: text('event_type').$type<EventType>().notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true, mode: 'date' }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    lastStatusCode: integer('last_status_code'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_endpoint').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt, t.id),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

export type WebhookAttemptTrigger = 'scheduled' | 'replay' | 'test';

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    trigger: text('trigger').$type<WebhookAttemptTrigger>().notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.at, t.id)],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** A job's states (migration 0021): queued → running → succeeded | failed | canceled. */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Async jobs (migration 0021): a deployment call accepted with `Prefer: respond-async`. The row is
 * the job's truth; its state changes are the functions of 0021 (accept, succeed, fail, cancel).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    apiKeyId: uuid('api_key_id').notNull(),
    apiKeyName: text('api_key_name'),
    deployment: text('deployment').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    free: boolean('free').notNull(),
    reservationId: uuid('reservation_id'),
    priceMicros: micros('price_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros'),
    params: jsonb('params').notNull(),
    inputImage: bytea('input_image'),
    inputUrl: text('input_url'),
    result: jsonb('result'),
    error: jsonb('error'),
    attempt: uuid('attempt'),
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    runs: integer('runs').notNull().default(0),
    bossId: uuid('boss_id').notNull(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    purgedAt: timestamp('purged_at', { withTimezone: true, mode: 'date' }),
    /** A batch job's number of images (migration 0024; its images are `job_items`); null: one. */
    images: integer('images'),
  },
  (t) => [
    index('jobs_organization_queued_idx')
      .on(t.organizationId)
      .where(sql`status = 'queued'`),
    index('jobs_open_idx')
      .on(t.createdAt)
      .where(sql`status IN ('queued', 'running')`),
    index('jobs_running_lease_idx')
      .on(t.leaseUntil)
      .where(sql`status = 'running'`),
    index('jobs_expires_idx')
      .on(t.expiresAt)
      .where(sql`purged_at IS NULL AND expires_at IS NOT NULL`),
    index('jobs_purged_idx')
      .on(t.purgedAt)
      .where(sql`purged_at IS NOT NULL`),
  ],
);

/**
 * The images of a batch job (migration 0024), in the batch's order: each with its own hold (owned
 * by the job, captured or released when it finishes) and its input until then.
 */
export const jobItems = pgTable(
  'job_items',
  {
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    reservationId: uuid('reservation_id'),
    priceMicros: micros('price_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros'),
    inputImage: bytea('input_image'),
    inputUrl: text('input_url'),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.index] })],
);
