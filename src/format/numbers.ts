/**
 * Number formatting for the whole site, with one Intl.NumberFormat per style. Each call of
 * `toLocaleString(locale, options)` builds a new formatter (≈1.5 ms each, more on a busy phone);
 * the pricing table formatted a dozen prices that way during hydration and spent 40–150 ms in it.
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** With ES2023's rounding modes (every supported browser and Node 20; not in the TS lib yet). */
type Options = Intl.NumberFormatOptions & { roundingMode?: 'halfExpand' | 'floor' | 'ceil' };

function formatter(options: Options): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    formatters.set(key, format);
  }
  return format;
}

/**
 * The site's two ways of writing money (USD, en-US grouping, a leading minus: -$1,250.50):
 *
 * - `usd`, exact: as many decimals as the amount needs, 2 to 6 ($25.00, $0.004). For a price per
 *   call and the charge of one call, which are fractions of a cent.
 * - `usdCents`, to the cent: exactly 2 decimals, rounded ($24.976 → $24.98). For everything a
 *   person pays, sets or adds up: payments, totals, spend per day or deployment, thresholds and
 *   caps. `usdBalance` writes a balance the same way but rounded down ($4.996 → $4.99), so a
 *   page never shows more than the wallet holds. An amount under a cent that is not zero is
 *   written exactly instead ($0.004, never $0.00 for money that was spent).
 *
 * The navbar's balance chip is the one exception: the spec has it show the raw amount.
 */
export function usd(amount: number): string {
  const text = formatter({ minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    Math.abs(amount),
  );
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/** Dollars to the cent (see `usd`): $25.00, $24.98, -$3.50; $0.004 under a cent. */
export function usdCents(amount: number): string {
  return cents(amount, 'halfExpand');
}

/**
 * A balance to the cent, rounded down: never more than the wallet holds ($4.996 is $4.99, below
 * an alert threshold of $5.00, not $5.00); $0.004 under a cent, as `usdCents`.
 */
export function usdBalance(amount: number): string {
  return cents(amount, 'floor');
}

function cents(amount: number, roundingMode: 'halfExpand' | 'floor'): string {
  if (amount !== 0 && Math.abs(amount) < 0.01) return usd(amount);
  // The sign is written apart, so a debt is rounded away from zero as a balance is down.
  const mode = amount < 0 && roundingMode === 'floor' ? 'ceil' : roundingMode;
  const text = formatter({
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    roundingMode: mode,
  }).format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/** A number as `toLocaleString('en-US')` writes it: grouped, up to 3 decimals (10,000; 5.5). */
export function grouped(value: number): string {
  return formatter({}).format(value);
}
