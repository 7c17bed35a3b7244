/**
 * The purchase amount's check: the contract's `CreateCreditOrderBody` ($5 to $10,000, the schema
 * the server validates `POST credits` with) and its cents rule (`usdToCents`, at most 2
 * decimals), in the page's words. Loaded when the form is first submitted.
 */
import { CreateCreditOrderBody } from '@contract/account';
import { CREDIT_PURCHASE_LIMITS, usdToCents } from '@contract/limits';
import { grouped } from '@site/src/format/numbers';
import { fieldErrors } from '@site/src/forms/contract';
import type { FormCheck } from '@site/src/forms/resolver';

export interface AmountValues {
  amount: string;
}

const money = (usd: number) => `$${grouped(usd)}`;
const NOT_CENTS = 'Enter a number of dollars, with at most 2 decimals (for example 25 or 25.50).';

const MESSAGES = {
  price_in_usd: {
    minimum: `The minimum purchase is ${money(CREDIT_PURCHASE_LIMITS.minUsd)}.`,
    maximum: `The maximum purchase is ${money(CREDIT_PURCHASE_LIMITS.maxUsd)}.`,
    invalid: NOT_CENTS,
  },
};

export function parseAmount(raw: string): { value: number } | { error: string } {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!text) return { error: 'Enter an amount in USD.' };
  // Plain dollars (no sign, exponent or hex), exact to the cent as the contract says.
  if (!/^\d+(\.\d+)?$/.test(text) || usdToCents(Number(text)) === null) return { error: NOT_CENTS };
  const value = Number(text);
  const problem = fieldErrors(CreateCreditOrderBody, { price_in_usd: value }, MESSAGES);
  return problem.price_in_usd ? { error: problem.price_in_usd } : { value };
}

export const checkAmount: FormCheck<AmountValues, number> = ({ amount }) => {
  const parsed = parseAmount(amount);
  return 'error' in parsed ? { errors: { amount: parsed.error } } : { body: parsed.value };
};
