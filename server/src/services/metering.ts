/**
 * Metering: a call's price is held from the wallet (and the key's monthly cap), the answer is
 * produced, then the hold is captured into a ledger row, or released on any failure. Nobody pays
 * for a failure; the balance and the cap are exact under concurrency (repositories/ledger.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Billing } from '../billing/service';
import { HttpError } from '../lib/errors';
import { microsToUsd } from '../lib/money';
import { monthToDateMicros, nextUtcMonth } from '../lib/month';
import type { Repositories } from '../repositories';
import type { ApiKeyRow } from '../repositories/apiKeys';
import type { OrganizationRow } from '../repositories/organizations';

/** 402: the wallet cannot cover the price (or is negative after a refund or dispute). */
export function insufficientCredits(balanceMicros: number, priceMicros: number): HttpError {
  if (balanceMicros < 0) {
    return new HttpError(
      402,
      `Your balance is negative ($${microsToUsd(balanceMicros)}) after a refund or a card dispute took back credits that were already spent. Buy credits to continue.`,
    );
  }
  return new HttpError(
    402,
    `Insufficient credits: this call costs $${microsToUsd(priceMicros)}. Buy credits to continue.`,
  );
}

/**
 * 429 (not 402) for a key past its monthly cap: paying more does not help; the key may be used
 * again when the UTC month turns (Retry-After), or the cap raised.
 */
export function capReached(key: ApiKeyRow, priceMicros: number): HttpError {
  const next = nextUtcMonth();
  const seconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
  return new HttpError(
    429,
    `This API key has reached its monthly spend cap of $${microsToUsd(key.monthlyCapMicros ?? 0)} ` +
      `($${microsToUsd(monthToDateMicros(key))} spent this month; this call costs $${microsToUsd(priceMicros)}). ` +
      `Nothing was charged. Raise the cap on the API keys page, use another key, or wait until ${next.toISOString().slice(0, 10)} (UTC).`,
    { 'retry-after': String(seconds) },
  );
}

/** 429: the member who created the key has reached their monthly spend limit. */
export function memberLimitReached(hold: {
  priceMicros: number;
  limitMicros: number;
  spentMicros: number;
}): HttpError {
  const next = nextUtcMonth();
  const seconds = Math.max(1, Math.ceil((next.getTime() - Date.now()) / 1000));
  return new HttpError(
    429,
    `The member who created this API key has reached their monthly spend limit of $${microsToUsd(hold.limitMicros)} ` +
      `($${microsToUsd(hold.spentMicros)} spent this month; this call costs $${microsToUsd(hold.priceMicros)}). ` +
      `Nothing was charged. An owner or admin can raise the limit on the team page; otherwise wait until ${next.toISOString().slice(0, 10)} (UTC).`,
    { 'retry-after': String(seconds) },
  );
}

/** 403: the leak circuit-breaker paused the key (nothing held, nothing charged). */
export function spendSpikePaused(hold: { daySpendMicros: number; trailingMicros: number }) {
  return new HttpError(
    403,
    `This API key was paused: its spend today ($${microsToUsd(hold.daySpendMicros)}) jumped far above its usual ` +
      `($${microsToUsd(hold.trailingMicros)} a day). Nothing was charged. The owner was e-mailed; if this usage is expected, ` +
      'enable the key again on the API keys page.',
  );
}

/** The checks made before the body is read, from the row the key look-up returned. */
export function precheck(key: ApiKeyRow, organization: OrganizationRow, priceMicros: number): void {
  if (
    key.monthlyCapMicros !== null &&
    monthToDateMicros(key) + priceMicros > key.monthlyCapMicros
  ) {
    throw capReached(key, priceMicros);
  }
  if (organization.balanceMicros < priceMicros) {
    throw insufficientCredits(organization.balanceMicros, priceMicros);
  }
}

export interface MeteredResult<T> {
  value: T;
  usage: { cost_usd: number; remaining_credits: number; transaction_id: string };
}

/**
 * Runs `produce` under a hold of the deployment's price. `unknownDeployment` builds the 404 for a
 * deployment the pricing table no longer lists.
 */
export async function metered<T>(
  deps: {
    repos: Repositories;
    billing: Billing;
    log: FastifyBaseLogger;
    spendSpike: { factor: number; floorMicros: number };
  },
  call: {
    key: ApiKeyRow;
    organization: OrganizationRow;
    deployment: string;
    priceMicros: number;
    unknownDeployment: () => HttpError;
  },
  produce: () => Promise<T>,
): Promise<MeteredResult<T>> {
  const { key, organization } = call;
  const hold = await deps.repos.ledger.reserve({
    organizationId: organization.id,
    apiKeyId: key.id,
    deployment: call.deployment,
    spendSpike: deps.spendSpike,
  });
  if ('refused' in hold) {
    if (hold.refused === 'cap') throw capReached(key, hold.priceMicros);
    if (hold.refused === 'member_limit') throw memberLimitReached(hold);
    if (hold.refused === 'spend_spike') {
      // Paused once (a conditional update), and only that call e-mails the owner.
      if (await deps.repos.apiKeys.pauseForSpendSpike(key.id, organization.id)) {
        deps.billing.keyPaused(organization, key, hold.daySpendMicros, hold.trailingMicros);
      }
      throw spendSpikePaused(hold);
    }
    if (hold.refused === 'unknown_deployment') throw call.unknownDeployment();
    throw insufficientCredits(await deps.repos.ledger.balance(organization.id), hold.priceMicros);
  }
  let open = true;
  try {
    const value = await produce();
    const entry = await deps.repos.ledger.capture(hold.id, key.name);
    if (!entry) throw new Error('the usage hold was settled twice');
    open = false;
    // Low-balance alert and auto-recharge, after the answer, from the row read at the start.
    deps.billing.afterUsage(organization, entry.balanceAfterMicros);
    return {
      value,
      usage: {
        cost_usd: microsToUsd(hold.amountMicros),
        remaining_credits: microsToUsd(entry.balanceAfterMicros),
        transaction_id: entry.id,
      },
    };
  } finally {
    if (open) {
      await deps.repos.ledger.release(hold.id).catch((error: unknown) => {
        deps.log.error({ err: error }, 'usage hold not released; the sweeper will');
      });
    }
  }
}
