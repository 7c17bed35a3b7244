/** The purchase amount: USD, $5 to $10,000 (CREDIT_PURCHASE_LIMITS), at most 2 decimals. */
import { CREDIT_PURCHASE_LIMITS } from '@contract/limits';
import { grouped } from '@site/src/format/numbers';

export const AMOUNT_PRESETS = [10, 25, 50, 100, 500] as const;

const money = (usd: number) => `$${grouped(usd)}`;

export function parseAmount(raw: string): { value: number } | { error: string } {
  const text = raw.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!text) return { error: 'Enter an amount in USD.' };
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    return {
      error: 'Enter a number of dollars, with at most 2 decimals (for example 25 or 25.50).',
    };
  const value = Number(text);
  const { minUsd, maxUsd } = CREDIT_PURCHASE_LIMITS;
  if (value < minUsd) return { error: `The minimum purchase is ${money(minUsd)}.` };
  if (value > maxUsd) return { error: `The maximum purchase is ${money(maxUsd)}.` };
  return { value };
}
