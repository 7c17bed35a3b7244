/** Database rows to the contract's JSON shapes. */
import type {
  ApiKey,
  CreditOrder,
  DeploymentPrice,
  Organization,
  Role,
  Payment,
  Transaction,
} from '@contract';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { LedgerRow } from '../repositories/ledger';
import type { OrganizationRow } from '../repositories/organizations';
import type { OrderView, PaymentRow } from '../repositories/payments';
import type { DeploymentRow } from '../repositories/pricing';
import { redactedSecret } from './keys';
import { monthToDateMicros } from './month';
import { microsToUsd } from './money';

const iso = (date: Date) => date.toISOString();

/**
 * A key as lists show it: never its secret, except the in-browser key's, which its own
 * organization's site needs, and a test key's, which the docs' samples carry (`uiSecret`
 * decrypts them). `createdBy`: the e-mail of the member who created it, when known.
 */
export function presentApiKey(
  row: ApiKeyRow,
  uiSecret: (row: ApiKeyRow) => string | null,
  createdBy?: (uid: string) => string | null,
): ApiKey {
  const secret = row.usedForUi || row.mode === 'test' ? uiSecret(row) : null;
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    mode: row.mode,
    last4: row.last4,
    redacted: redactedSecret(row.prefix, row.last4),
    ...(secret !== null && { key: secret }),
    created_at: iso(row.createdAt),
    ...(createdBy && {
      created_by: row.createdByUid === null ? null : (createdBy(row.createdByUid) ?? null),
    }),
    used_for_ui: row.usedForUi,
    is_default: row.isDefault,
    last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? iso(row.previousSecretExpiresAt)
        : null,
    monthly_cap_usd: row.monthlyCapMicros === null ? null : microsToUsd(row.monthlyCapMicros),
    month_to_date_usd: microsToUsd(monthToDateMicros(row)),
    allowed_deployments: row.allowedDeployments,
    allowed_origins: row.allowedOrigins,
    expires_at: row.expiresAt ? iso(row.expiresAt) : null,
    disabled: row.disabledAt !== null,
    disabled_reason: row.disabledAt === null ? null : (row.disabledReason ?? 'owner'),
    refused_calls: row.refusedCalls,
    last_refused:
      row.lastRefusedAt && row.lastRefusedReason
        ? { at: iso(row.lastRefusedAt), reason: row.lastRefusedReason }
        : null,
  };
}

/** The organization as its members see it; `role` is the caller's. */
export function presentOrganization(row: OrganizationRow, role?: Role): Organization {
  return {
    id: row.id,
    ...(role && { role }),
    name: row.name,
    website: row.website,
    country: row.country,
    state: row.state,
    ...(row.gstin !== null && { gstin: row.gstin }),
    ...(row.address !== null && { address: row.address }),
    wallet_balance: microsToUsd(row.balanceMicros),
    email_verified: row.emailVerified,
    created_at: iso(row.createdAt),
  };
}

export function presentOrder({ order, payment }: OrderView): CreditOrder {
  const expired = order.status === 'requires_payment' && order.expiresAt <= new Date();
  return {
    order_id: order.id,
    amount_usd: microsToUsd(order.amountMicros),
    currency: 'USD',
    status: expired ? 'expired' : order.status,
    provider: order.provider,
    client_secret: order.status === 'requires_payment' && !expired ? order.clientSecret : null,
    created_at: iso(order.createdAt),
    expires_at: iso(order.expiresAt),
    payment: payment ? presentPayment(payment) : null,
  };
}

export function presentPayment(
  row: PaymentRow & { kind?: 'purchase' | 'auto_recharge'; invoiceNumber?: string | null },
): Payment {
  return {
    id: row.id,
    order_id: row.orderId,
    amount_usd: microsToUsd(row.amountMicros),
    status: row.status,
    refunded_usd: microsToUsd(row.refundedMicros + row.disputedMicros),
    provider: row.provider,
    kind: row.kind ?? 'purchase',
    created_at: iso(row.createdAt),
    receipt_reference: row.receiptReference,
    invoice_number: row.invoiceNumber ?? null,
  };
}

export function presentTransaction(row: LedgerRow): Transaction {
  return {
    id: row.id,
    created_at: iso(row.createdAt),
    kind: row.kind,
    deployment: row.deployment,
    units: row.units,
    amount_usd: microsToUsd(row.amountMicros),
    api_key_name: row.apiKeyName,
    balance_after_usd: microsToUsd(row.balanceAfterMicros),
  };
}

export function presentDeploymentPrice(row: DeploymentRow): DeploymentPrice {
  return {
    task: row.task,
    sub: row.sub,
    path: row.path,
    name: row.name,
    price_per_call_usd: microsToUsd(row.pricePerCallMicros),
    unit: 'call',
    free_tier:
      row.freeTierCallsPerMonth === null ? null : { calls_per_month: row.freeTierCallsPerMonth },
  };
}
