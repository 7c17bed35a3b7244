/**
 * Money is integer micro-dollars everywhere inside the server. Conversion to
 * a JSON number happens only at the edge, for display.
 */
import { usdToCents } from '@contract/limits';

export const MICROS_PER_USD = 1_000_000;

/**
 * USD with at most 2 decimals (a purchase amount, a threshold, a cap) to micro-dollars; null if
 * not exact to the cent. The cents rule is the contract's, the same one the site's forms apply.
 */
export function centsAmountToMicros(usd: number): number | null {
  const cents = usdToCents(usd);
  return cents === null ? null : cents * 10_000;
}

export function microsToCents(micros: number): number {
  return Math.round(micros / 10_000);
}

/** Micro-dollars to a USD number with up to 6 decimals, for JSON answers. */
export function microsToUsd(micros: number): number {
  return Number((micros / MICROS_PER_USD).toFixed(6));
}
