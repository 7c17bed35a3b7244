/** Database rows to the contract's JSON shapes. */
import type {
  ApiKey,
  CreditOrder,
  DeploymentPrice,
  Organization,
  Payment,
  Transaction,
} from '../../../src/api/contract';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { LedgerRow } from '../repositories/ledger';
import type { OrganizationRow } from '../repositories/organizations';
import type { CreditOrderRow, PaymentRow } from '../repositories/payments';
import type { DeploymentRow } from '../repositories/pricing';
import { microsToUsd } from './money';

const iso = (date: Date) => date.toISOString();

export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    key: row.secret,
    created_at: iso(row.createdAt),
    used_for_ui: row.usedForUi,
    is_default: row.isDefault,
    last_used_at: row.lastUsedAt ? iso(row.lastUsedAt) : null,
  };
}

export function presentOrganization(row: OrganizationRow): Organization {
  return {
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

export function presentOrder(row: CreditOrderRow): CreditOrder {
  return {
    order_id: row.id,
    amount_usd: microsToUsd(row.amountMicros),
    currency: 'USD',
    status: row.status,
    provider: row.provider,
    client_secret: row.clientSecret,
    created_at: iso(row.createdAt),
  };
}

export function presentPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    order_id: row.orderId,
    amount_usd: microsToUsd(row.amountMicros),
    status: row.status,
    provider: row.provider,
    created_at: iso(row.createdAt),
    receipt_reference: row.receiptReference,
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
