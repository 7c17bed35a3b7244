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
 * The site's one way of writing money (USD, en-US grouping, a leading minus: -$1,250.50): exact,
 * with as many decimals as the amount has, 2 to 6 ($25.00, $0.004, $0.012, $19.988). Amounts are
 * micro-dollars on the server, so 6 decimals are every digit there is: a page never rounds a
 * spend, a balance or a total, and a total always equals the sum of the rows it sums.
 *
 * The navbar's balance chip is the one exception: the spec has it show the raw amount.
 */
export function usd(amount: number): string {
  const text = formatter({ minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    Math.abs(amount),
  );
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/**
 * Kept for the pages' vocabulary (what a person pays, sets or adds up): the same exact amount as
 * `usd`. Rounding to the cent made three $0.004 calls read "$0.01" beside rows of $0.004 each.
 */
export function usdCents(amount: number): string {
  return usd(amount);
}

/** A balance, exactly: $19.988 is $19.988, neither $19.98 nor $19.99. */
export function usdBalance(amount: number): string {
  return usd(amount);
}

/** A number as `toLocaleString('en-US')` writes it: grouped, up to 3 decimals (10,000; 5.5). */
export function grouped(value: number): string {
  return formatter({}).format(value);
}
