/** Calendar months in UTC, for per-key spend caps. */

/** The first day of `date`'s UTC month, as `YYYY-MM-01`. */
export function utcMonth(date = new Date()): string {
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

/** The start of the next UTC month. */
export function nextUtcMonth(date = new Date()): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1));
}

/** A key's spend this UTC month: its counter belongs to the month it names, or to none. */
export function monthToDateMicros(key: {
  monthSpendMicros: number;
  spendMonth: string | null;
}): number {
  return key.spendMonth === utcMonth() ? key.monthSpendMicros : 0;
}
