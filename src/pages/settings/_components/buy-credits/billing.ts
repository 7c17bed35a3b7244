/**
 * The checks of the billing settings forms: the contract's `BillingSettingsBody` (the schema the
 * server validates `PUT billing/settings` with: a threshold of $0 to $10,000, a recharge within
 * the purchase limits, a daily ceiling of 1 to 50 recharges and $0 to $100,000) and the cents
 * rule (`usdToCents`), in the page's words. Loaded when a form
 * is first submitted.
 */
import { BILLING_LIMITS, BillingSettingsBody, RECHARGE_CEILING } from '@contract/billing';
import { CREDIT_PURCHASE_LIMITS, usdToCents } from '@contract/limits';
import { grouped } from '@site/src/format/numbers';
import { fieldErrors } from '@site/src/forms/contract';
import type { FormCheck } from '@site/src/forms/resolver';

const money = (usd: number) => `$${grouped(usd)}`;
const NOT_CENTS = 'Enter a number of dollars, with at most 2 decimals (for example 10 or 12.50).';

export interface AutoRechargeValues {
  enabled: boolean;
  threshold: string;
  amount: string;
  /** The daily ceiling (leak circuit-breaker): recharges per UTC day, and what they may buy. */
  maxRecharges: string;
  maxAmount: string;
}

type AutoRechargeField = 'threshold' | 'amount' | 'maxRecharges' | 'maxAmount';

export interface AlertValues {
  threshold: string;
}

/** A typed amount of dollars: plain digits, exact to the cent; else what is wrong. */
function dollars(raw: string, empty: string): { value: number } | { error: string } {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!text) return { error: empty };
  if (!/^\d+(\.\d+)?$/.test(text) || usdToCents(Number(text)) === null) return { error: NOT_CENTS };
  return { value: Number(text) };
}

const THRESHOLD = {
  maximum: `The threshold is at most ${money(BILLING_LIMITS.maxThresholdUsd)}.`,
  invalid: NOT_CENTS,
};
const MESSAGES = { low_balance_threshold_usd: THRESHOLD };

/** A typed whole number of recharges; else what is wrong. */
function count(raw: string): { value: number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Enter how many automatic recharges a day may have.' };
  if (!/^\d{1,6}$/.test(text)) return { error: 'Enter a whole number, such as 3.' };
  return { value: Number(text) };
}

const CEILING_MESSAGES = {
  max_recharges: {
    minimum: 'Allow at least 1 recharge a day.',
    maximum: `At most ${RECHARGE_CEILING.maxCount} recharges a day.`,
    invalid: 'Enter a whole number, such as 3.',
  },
  max_amount_usd: {
    maximum: `The daily ceiling is at most ${money(RECHARGE_CEILING.maxAmountUsd)}.`,
    invalid: NOT_CENTS,
  },
};

/** The first problem the contract finds with an auto-recharge body, per form field. */
function autoRechargeProblems(
  body: BillingSettingsBody,
): Partial<Record<AutoRechargeField, string>> {
  const found: Partial<Record<AutoRechargeField, string>> = {};
  const auto = body.auto_recharge;
  if (!auto) return found;
  const threshold = fieldErrors(BillingSettingsBody.properties.auto_recharge, auto, {
    threshold_usd: THRESHOLD,
  }).threshold_usd;
  const amount = fieldErrors(BillingSettingsBody.properties.auto_recharge, auto, {
    amount_usd: {
      minimum: `A recharge is at least ${money(CREDIT_PURCHASE_LIMITS.minUsd)}.`,
      maximum: `A recharge is at most ${money(CREDIT_PURCHASE_LIMITS.maxUsd)}.`,
      invalid: NOT_CENTS,
    },
  }).amount_usd;
  if (threshold) found.threshold = threshold;
  if (amount) found.amount = amount;
  const ceiling = auto.daily_ceiling;
  const ceilingSchema = BillingSettingsBody.properties.auto_recharge.properties.daily_ceiling;
  if (ceiling) {
    const problems = fieldErrors(ceilingSchema, ceiling, CEILING_MESSAGES);
    if (problems.max_recharges) found.maxRecharges = problems.max_recharges;
    if (problems.max_amount_usd) found.maxAmount = problems.max_amount_usd;
  }
  return found;
}

export const checkAutoRecharge: FormCheck<AutoRechargeValues, BillingSettingsBody> = (values) => {
  const threshold = dollars(values.threshold, 'Enter the balance that starts a recharge.');
  const amount = dollars(values.amount, 'Enter how much each recharge buys.');
  const maxRecharges = count(values.maxRecharges);
  const maxAmount = dollars(values.maxAmount, 'Enter what recharges may buy in a day.');
  const errors: Partial<Record<AutoRechargeField, string>> = {};
  if ('error' in threshold) errors.threshold = threshold.error;
  if ('error' in amount) errors.amount = amount.error;
  if ('error' in maxRecharges) errors.maxRecharges = maxRecharges.error;
  if ('error' in maxAmount) errors.maxAmount = maxAmount.error;
  if ('error' in threshold || 'error' in amount || 'error' in maxRecharges || 'error' in maxAmount)
    return { errors };
  const body: BillingSettingsBody = {
    auto_recharge: {
      enabled: values.enabled,
      threshold_usd: threshold.value,
      amount_usd: amount.value,
      daily_ceiling: { max_recharges: maxRecharges.value, max_amount_usd: maxAmount.value },
    },
  };
  const problems = autoRechargeProblems(body);
  return Object.keys(problems).length > 0 ? { errors: problems } : { body };
};

export const checkAlert: FormCheck<AlertValues, BillingSettingsBody> = (values) => {
  const threshold = dollars(values.threshold, 'Enter the balance to be alerted below.');
  if ('error' in threshold) return { errors: { threshold: threshold.error } };
  const body: BillingSettingsBody = { low_balance_threshold_usd: threshold.value };
  const problem = fieldErrors(BillingSettingsBody, body, MESSAGES).low_balance_threshold_usd;
  return problem ? { errors: { threshold: problem } } : { body };
};
