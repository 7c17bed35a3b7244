/**
 * Tables of the reference backend. Money columns hold integer micro-dollars
 * (1 USD = 1_000_000); `ledger_entries` is append-only and every change of
 * `organizations.balance_micros` writes one ledger row in the same transaction.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
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
  },
  (t) => [uniqueIndex('organizations_owner_uid_key').on(t.ownerUid)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    secret: text('secret').notNull(),
    usedForUi: boolean('used_for_ui').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('api_keys_secret_key').on(t.secret),
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
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id),
    kind: text('kind', { enum: ['usage', 'purchase'] }).notNull(),
    deployment: text('deployment'),
    units: integer('units').notNull(),
    /** Signed: negative for usage, positive for purchases. */
    amountMicros: micros('amount_micros').notNull(),
    balanceAfterMicros: micros('balance_after_micros').notNull(),
    // No foreign key: keys can be deleted, the ledger keeps their name.
    apiKeyId: uuid('api_key_id'),
    apiKeyName: text('api_key_name'),
    paymentId: uuid('payment_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_org_created_idx').on(t.organizationId, t.createdAt)],
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
    status: text('status', { enum: ['requires_payment', 'succeeded', 'failed'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerReference: text('provider_reference'),
    clientSecret: text('client_secret'),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_orders_organization_idx').on(t.organizationId),
    uniqueIndex('credit_orders_provider_reference_key').on(t.providerReference),
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
    status: text('status', { enum: ['succeeded', 'failed'] }).notNull(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    receiptReference: text('receipt_reference'),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment credits a wallet at most once, whatever replays the provider sends.
    uniqueIndex('payments_succeeded_provider_payment_key')
      .on(t.providerPaymentId)
      .where(sql`status = 'succeeded'`),
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
