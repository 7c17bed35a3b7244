import { usd } from '@site/src/format/numbers';

/** Cost of a number of calls, exact to the micro-dollar (prices have up to 6 decimals). */
export function estimateUsd(pricePerCallUsd: number, calls: number): number {
  if (!Number.isFinite(calls) || calls <= 0) return 0;
  const micros = Math.round(pricePerCallUsd * 1_000_000) * Math.floor(calls);
  return micros / 1_000_000;
}

/** $0.004, $25.00 (src/format/numbers). */
export const formatUsd = usd;

/** Calls typed by the user: whole, non-negative, at most a billion. */
export function parseCalls(raw: string): number | null {
  const text = raw.trim().replace(/[,\s_]/g, '');
  if (!/^\d{1,10}$/.test(text)) return null;
  const calls = Number(text);
  return calls <= 1_000_000_000 ? calls : null;
}
