/**
 * The monthly cap field's check: the contract's `ApiKeyCapBody` ($0 to $1,000,000, the schema the
 * server validates `POST api-key/cap` with) and the cents rule (`usdToCents`, at most 2
 * decimals), in the page's words. Loaded when the form is first submitted.
 */
import { ApiKeyCapBody, BILLING_LIMITS } from '@contract/billing';
import { usdToCents } from '@contract/limits';
import { grouped } from '@site/src/format/numbers';
import { fieldErrors } from '@site/src/forms/contract';
import type { FormCheck } from '@site/src/forms/resolver';

export interface CapValues {
  cap: string;
}

const MESSAGES = {
  monthly_cap_usd: {
    minimum: 'The cap cannot be negative.',
    maximum: `The largest cap is $${grouped(BILLING_LIMITS.maxKeyCapUsd)} a month.`,
    invalid: 'Enter a number of dollars, with at most 2 decimals (for example 50 or 12.50).',
  },
};

/** The cap to send, or what is wrong with what was typed. */
export function parseCap(raw: string): { value: number } | { error: string } {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!text) return { error: 'Enter a monthly cap in USD.' };
  if (/^-/.test(text)) return { error: MESSAGES.monthly_cap_usd.minimum };
  if (!/^\d+(\.\d+)?$/.test(text) || usdToCents(Number(text)) === null)
    return { error: MESSAGES.monthly_cap_usd.invalid };
  const value = Number(text);
  const problem = fieldErrors(ApiKeyCapBody, { monthly_cap_usd: value }, MESSAGES);
  return problem.monthly_cap_usd ? { error: problem.monthly_cap_usd } : { value };
}

export const checkCap: FormCheck<CapValues, number> = ({ cap }) => {
  const parsed = parseCap(cap);
  return 'error' in parsed ? { errors: { cap: parsed.error } } : { body: parsed.value };
};
