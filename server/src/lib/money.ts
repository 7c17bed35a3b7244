/**
 * Money is integer micro-dollars everywhere inside the server. Conversion to
 * a JSON number happens only at the edge, for display.
 */
export const MICROS_PER_USD = 1_000_000;

/** USD with at most 2 decimals (a purchase amount) to micro-dollars; null if not exact to the cent. */
export function centsAmountToMicros(usd: number): number | null {
  if (!Number.isFinite(usd)) return null;
  const cents = Math.round(usd * 100);
  // Accept 10.1 (binary 10.0999…) but refuse 10.123.
  if (Math.abs(cents - usd * 100) > 1e-6) return null;
  return cents * 10_000;
}

export function microsToCents(micros: number): number {
  return Math.round(micros / 10_000);
}

/** Micro-dollars to a USD number with up to 6 decimals, for JSON answers. */
export function microsToUsd(micros: number): number {
  return Number((micros / MICROS_PER_USD).toFixed(6));
}
