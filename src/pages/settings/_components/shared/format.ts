/** Formatting shared by the account pages: the site's one date style, money in USD. */
import { dateTime } from '@site/src/format/dates';

/** A local date and time with its time zone (the site's one style): "Jan 31, 2025, 2:05 PM UTC". */
export function longLocalDate(iso: string): string {
  return dateTime(iso);
}

/**
 * Money, the site's rule (src/format/numbers.ts): `usdCents` ($24.98) for payments, totals,
 * spend, thresholds and caps; `usdBalance` ($4.99 for $4.996: rounded down) for balances; `usd`
 * ($0.004, exact) for a price per call and the charge of one call.
 */
export { usd, usdBalance, usdCents } from '@site/src/format/numbers';
