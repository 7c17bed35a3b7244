/**
 * The checks of the billing settings forms: the contract's `BillingSettingsBody` (the schema the
 * server validates `PUT billing/settings` with: a threshold of $0 to $10,000, a recharge within
 * the purchase limits) and the cents rule (`usdToCents`), in the page's words. Loaded when a form
 * is first submitted.
 */
import { BILLING_LIMITS, BillingSettingsBody } from '@contract/billing';
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
}

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

/** The first problem the contract finds with an auto-recharge body, per form field. */
function autoRechargeProblems(body: BillingSettingsBody): { threshold?: string; amount?: string } {
  const found: { threshold?: string; amount?: string } = {};
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
  return found;
}

export const checkAutoRecharge: FormCheck<AutoRechargeValues, BillingSettingsBody> = (values) => {
  const threshold = dollars(values.threshold, 'Enter the balance that starts a recharge.');
  const amount = dollars(values.amount, 'Enter how much each recharge buys.');
  const errors: Partial<Record<'threshold' | 'amount', string>> = {};
  if ('error' in threshold) errors.threshold = threshold.error;
  if ('error' in amount) errors.amount = amount.error;
  if ('error' in threshold || 'error' in amount) return { errors };
  const body: BillingSettingsBody = {
    auto_recharge: {
      enabled: values.enabled,
      threshold_usd: threshold.value,
      amount_usd: amount.value,
    },
  };
  const problems = autoRechargeProblems(body);
  return problems.threshold || problems.amount ? { errors: problems } : { body };
};

export const checkAlert: FormCheck<AlertValues, BillingSettingsBody> = (values) => {
  const threshold = dollars(values.threshold, 'Enter the balance to be alerted below.');
  if ('error' in threshold) return { errors: { threshold: threshold.error } };
  const body: BillingSettingsBody = { low_balance_threshold_usd: threshold.value };
  const problem = fieldErrors(BillingSettingsBody, body, MESSAGES).low_balance_threshold_usd;
  return problem ? { errors: { threshold: problem } } : { body };
};
