/** Formatting shared by the account pages (dates with dayjs, money in USD). */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** A long local date, e.g. "January 31, 2025 2:05 PM". */
export function longLocalDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('LLL') : iso;
}

/**
 * Money, the site's rule (src/format/numbers.ts): `usdCents` ($24.98) for payments, totals,
 * spend, thresholds and caps; `usdBalance` ($4.99 for $4.996: rounded down) for balances; `usd`
 * ($0.004, exact) for a price per call and the charge of one call.
 */
export { usd, usdBalance, usdCents } from '@site/src/format/numbers';
