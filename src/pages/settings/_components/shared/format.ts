/** Formatting shared by the account pages (dates with dayjs, money in USD). */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** A long local date, e.g. "January 31, 2025 2:05 PM". */
export function longLocalDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format('LLL') : iso;
}

/** Dollars with as many decimals as the amount needs (2 to 6): $25.00, $0.004. */
export { usd } from '@site/src/format/numbers';
