/**
 * Billing for businesses: auto-recharge with a saved card, low-balance alerts, per-key monthly
 * spend caps, invoices and usage by day (issue 17). Amounts in USD, exact to the cent where a
 * person types them.
 */
import { Type, type Static } from 'typebox';
import {
  BoundedDateTime,
  IsoDateTime,
  NextCursor,
  Nullable,
  PageCursor,
  SingleLineText,
  UsdAmount,
} from './common';
import { CREDIT_PURCHASE_LIMITS } from './limits';
import { PaymentProvider } from './account';

/** The largest threshold (alert or auto-recharge) and key cap a person may set, in USD. */
export const BILLING_LIMITS = { maxThresholdUsd: 10000, maxKeyCapUsd: 1_000_000 } as const;

/**
 * The leak circuit-breaker's daily ceiling on automatic recharges (UTC day), unless the owner
 * sets another with auto-recharge: past it auto-recharge pauses and the owner is e-mailed, so a
 * stolen key cannot drain a card through repeated recharges.
 */
export const RECHARGE_CEILING = {
  defaultCount: 3,
  defaultAmountUsd: 1000,
  maxCount: 50,
  maxAmountUsd: 100_000,
} as const;

/** USD typed by a person: at most 2 decimals (checked by the server, like purchase amounts). */
const usdInput = (maximum: number, description: string) =>
  Type.Number({ minimum: 0, maximum, description: `${description} At most 2 decimals.` });

export const BillingSettings = Type.Object(
  {
    auto_recharge: Type.Object({
      enabled: Type.Boolean(),
      threshold_usd: Nullable(UsdAmount),
      amount_usd: Nullable(UsdAmount),
      daily_ceiling: Type.Object({
        max_recharges: Type.Integer({ minimum: 1 }),
        max_amount_usd: UsdAmount,
        today: Type.Object({
          recharges: Type.Integer({ minimum: 0 }),
          amount_usd: UsdAmount,
        }),
      }),
      last_failure: Nullable(
        Type.Object({
          message: Type.String(),
          at: IsoDateTime,
        }),
      ),
    }),
    payment_method: Nullable(
      Type.Object({
        provider: PaymentProvider,
        label: Type.String({ description: 'e.g. "Visa ending 4242".' }),
      }),
    ),
    low_balance_alert: Type.Object({
      threshold_usd: Nullable(UsdAmount),
      below_threshold: Type.Boolean(),
    }),
  },
  { title: 'BillingSettings' },
);
export type BillingSettings = Static<typeof BillingSettings>;

export const BillingSettingsBody = Type.Object(
  {
    auto_recharge: Type.Optional(
      Type.Object(
        {
          enabled: Type.Boolean(),
          threshold_usd: usdInput(
            BILLING_LIMITS.maxThresholdUsd,
            'Recharge when a call takes the balance below this.',
          ),
          amount_usd: Type.Number({
            minimum: CREDIT_PURCHASE_LIMITS.minUsd,
            maximum: CREDIT_PURCHASE_LIMITS.maxUsd,
            description:
              'What each recharge buys: within the purchase limits, $5 to $10,000, at most 2 decimals.',
          }),
          daily_ceiling: Type.Optional(
            Type.Object(
              {
                max_recharges: Type.Integer({
                  minimum: 1,
                  maximum: RECHARGE_CEILING.maxCount,
                  description: `Automatic recharges per UTC day at most (default ${RECHARGE_CEILING.defaultCount}).`,
                }),
                max_amount_usd: usdInput(
                  RECHARGE_CEILING.maxAmountUsd,
                  `What automatic recharges may buy per UTC day at most (default $${RECHARGE_CEILING.defaultAmountUsd}).`,
                ),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    low_balance_threshold_usd: Type.Optional(
      Nullable(
        usdInput(
          BILLING_LIMITS.maxThresholdUsd,
          'E-mail once when the balance falls below this; null turns the alert off.',
        ),
      ),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type BillingSettingsBody = Static<typeof BillingSettingsBody>;

export const PaymentMethodSetup = Type.Object({
  provider: PaymentProvider,
  client_secret: Nullable(
    Type.String({
      description:
        'Stripe SetupIntent client secret for the Payment Element; null with the sandbox provider.',
    }),
  ),
});
export type PaymentMethodSetup = Static<typeof PaymentMethodSetup>;

export const SandboxCardBody = Type.Object(
  {
    card: Type.Union([Type.Literal('succeeds'), Type.Literal('declines')], {
      description:
        'A sandbox test card: one that is always charged, or one that is always declined.',
    }),
  },
  { additionalProperties: false },
);
export type SandboxCardBody = Static<typeof SandboxCardBody>;

export const ApiKeyCapBody = Type.Object(
  {
    monthly_cap_usd: Nullable(
      usdInput(BILLING_LIMITS.maxKeyCapUsd, 'Spend cap per calendar month (UTC); null removes it.'),
    ),
  },
  { additionalProperties: false },
);
export type ApiKeyCapBody = Static<typeof ApiKeyCapBody>;

export const PaymentIdParams = Type.Object({
  payment_id: SingleLineText({ minLength: 36, maxLength: 36 }),
});
export type PaymentIdParams = Static<typeof PaymentIdParams>;

/** Days of one aggregate at most. */
export const MAX_USAGE_DAYS = 366;

export const DailyUsageQuery = Type.Object({
  start_date: BoundedDateTime,
  end_date: BoundedDateTime,
  utc_offset_minutes: Type.Optional(
    Type.Integer({
      minimum: -840,
      maximum: 840,
      default: 0,
      description:
        "Days are counted in this offset from UTC (the browser's `-new Date().getTimezoneOffset()`).",
    }),
  ),
  deployment: Type.Optional(
    SingleLineText({ minLength: 1, maxLength: 64, description: 'Only this deployment.' }),
  ),
  api_key_id: Type.Optional(
    SingleLineText({ minLength: 1, maxLength: 64, description: 'Only calls made with this key.' }),
  ),
  group_by: Type.Optional(
    Type.Union([Type.Literal('deployment'), Type.Literal('key')], {
      default: 'deployment',
      description: 'CSV only: one line per day and deployment (default) or per day and key.',
    }),
  ),
});
export type DailyUsageQuery = Static<typeof DailyUsageQuery>;

/** A key's share of usage: keys may have been deleted since, the ledger keeps their name. */
const KeyUsage = Type.Object({
  api_key_id: Nullable(Type.String()),
  name: Nullable(Type.String()),
  calls: Type.Integer({ minimum: 0 }),
  spent_usd: UsdAmount,
});
const DeploymentUsage = Type.Object({
  deployment: Type.String(),
  calls: Type.Integer({ minimum: 0 }),
  spent_usd: UsdAmount,
});

export const DailyUsage = Type.Object(
  {
    days: Type.Array(
      Type.Object({
        date: Type.String({ description: 'YYYY-MM-DD in the requested offset.' }),
        calls: Type.Integer({ minimum: 0 }),
        spent_usd: UsdAmount,
        deployments: Type.Array(DeploymentUsage, {
          description: "The day's usage by deployment (a day by key: the CSV with `group_by=key`).",
        }),
      }),
      { description: 'Days with usage only, oldest first.' },
    ),
    by_deployment: Type.Array(DeploymentUsage, {
      description: 'The range by deployment, most spent first.',
    }),
    by_key: Type.Array(KeyUsage, { description: 'The range by key, most spent first.' }),
    test_calls: Type.Object(
      {
        calls: Type.Integer({ minimum: 0 }),
        by_key: Type.Array(
          Type.Object({
            api_key_id: Type.String(),
            name: Type.String(),
            calls: Type.Integer({ minimum: 0 }),
          }),
        ),
      },
      { description: 'Free calls of test keys in the range (UTC days), apart from the spend.' },
    ),
    totals: Type.Object({
      calls: Type.Integer({ minimum: 0 }),
      spent_usd: UsdAmount,
      purchased_usd: UsdAmount,
    }),
  },
  { title: 'DailyUsage' },
);
export type DailyUsage = Static<typeof DailyUsage>;

export const TransactionCsvQuery = Type.Object({
  start_date: BoundedDateTime,
  end_date: BoundedDateTime,
});
export type TransactionCsvQuery = Static<typeof TransactionCsvQuery>;

// ------------------------------------------------- Usage and cost API (machines)

/** Longest range of one usage-buckets call, by bucket width. */
export const MAX_BUCKET_RANGE_DAYS = { day: 366, hour: 31 } as const;

export const UsageBucketsQuery = Type.Object({
  start_date: BoundedDateTime,
  end_date: BoundedDateTime,
  bucket_width: Type.Optional(
    Type.Union([Type.Literal('day'), Type.Literal('hour')], {
      default: 'day',
      description:
        'UTC days or UTC hours. `start_date` is rounded down and `end_date` up to whole buckets; ' +
        `a range covers at most ${MAX_BUCKET_RANGE_DAYS.day} days by day, ${MAX_BUCKET_RANGE_DAYS.hour} by hour.`,
    }),
  ),
  group_by: Type.Optional(
    Type.Union([Type.Literal('api_key'), Type.Literal('deployment'), Type.Literal('member')], {
      description:
        'One row per bucket and key, deployment or member (the member who holds the key); absent: one row per bucket.',
    }),
  ),
  deployment: Type.Optional(
    SingleLineText({ minLength: 1, maxLength: 64, description: 'Only this deployment.' }),
  ),
  api_key_id: Type.Optional(
    SingleLineText({ minLength: 1, maxLength: 64, description: 'Only calls made with this key.' }),
  ),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  cursor: Type.Optional(PageCursor),
});
export type UsageBucketsQuery = Static<typeof UsageBucketsQuery>;

export const UsageBucket = Type.Object(
  {
    start_time: IsoDateTime,
    end_time: IsoDateTime,
    api_key_id: Nullable(Type.String({ description: 'With `group_by=api_key`; else null.' })),
    api_key_name: Nullable(Type.String({ description: 'With `group_by=api_key`; else null.' })),
    deployment: Nullable(Type.String({ description: 'With `group_by=deployment`; else null.' })),
    member_uid: Nullable(
      Type.String({ description: 'With `group_by=member`: who holds the key; else null.' }),
    ),
    calls: Type.Integer({ minimum: 0, description: 'Metered (charged) calls.' }),
    cost_micros: Type.Integer({
      minimum: 0,
      description: 'What the calls were charged, in micro-dollars (exact; sums to the ledger).',
    }),
    cost_usd: UsdAmount,
  },
  { title: 'UsageBucket' },
);
export type UsageBucket = Static<typeof UsageBucket>;

export const UsageBucketPage = Type.Object(
  {
    bucket_width: Type.Union([Type.Literal('day'), Type.Literal('hour')]),
    start_time: IsoDateTime,
    end_time: IsoDateTime,
    data: Type.Array(UsageBucket, {
      description: 'Buckets with usage only, oldest first, then by group.',
    }),
    has_more: Type.Boolean(),
    next_cursor: NextCursor,
  },
  { title: 'UsageBucketPage' },
);
export type UsageBucketPage = Static<typeof UsageBucketPage>;
