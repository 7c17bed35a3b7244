/**
 * Number formatting for the whole site, with one Intl.NumberFormat per style. Each call of
 * `toLocaleString(locale, options)` builds a new formatter (≈1.5 ms each, more on a busy phone);
 * the pricing table formatted a dozen prices that way during hydration and spent 40–150 ms in it.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = JSON.stringify(options);
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    formatters.set(key, format);
  }
  return format;
}

/** Dollars with as many decimals as the amount needs (2 to 6): $25.00, $0.004, -$1,250.50. */
export function usd(amount: number): string {
  const text = formatter({ minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(
    Math.abs(amount),
  );
  return `${amount < 0 ? '-' : ''}$${text}`;
}

/** A number as `toLocaleString('en-US')` writes it: grouped, up to 3 decimals (10,000; 5.5). */
export function grouped(value: number): string {
  return formatter({}).format(value);
}
