/** Spec §8: the success tooltip, a template literal with the amount as returned (no formatting). */
export function balanceTooltip(amount: number): string {
  return `Balance: ${amount} - Click to buy more credits`;
}

/**
 * Said in addition to the spec's tooltip when a refund or a dispute took back credits that were
 * already spent: the services refuse metered calls (402) until a purchase covers the debt.
 */
export const NEGATIVE_BALANCE_NOTE =
  'Your balance is negative after a refund or dispute: API calls are paused until you top up.';

/**
 * Said in addition to the spec's tooltip while the balance is below the low-balance alert's
 * threshold (set on the buy-credits page), in the amounts' rule (src/format/numbers.ts).
 */
export function lowBalanceNote(thresholdUsd: string): string {
  return `Below your low-balance alert of ${thresholdUsd}: buy credits to keep your API calls working.`;
}
