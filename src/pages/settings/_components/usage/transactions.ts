/**
 * Transactions as the usage page shows them: the raw `created_at` is kept as
 * `complete_created_at` and `created_at` becomes the formatted local time
 * (spec §3, §7). Also the sums behind the chart.
 */
import dayjs from 'dayjs';
import type { Transaction } from '@contract';

export interface UsageRow extends Omit<Transaction, 'created_at'> {
  /** Formatted local date and time. */
  created_at: string;
  /** The server's ISO timestamp, unchanged. */
  complete_created_at: string;
}

/** What each kind of wallet change is called in the transaction list. */
export const TRANSACTION_KIND_LABELS: Record<Transaction['kind'], string> = {
  usage: 'Usage',
  purchase: 'Purchase',
  refund: 'Refund',
  dispute: 'Card dispute',
  dispute_won: 'Dispute won',
};

export function toUsageRow(transaction: Transaction): UsageRow {
  const date = dayjs(transaction.created_at);
  return {
    ...transaction,
    complete_created_at: transaction.created_at,
    created_at: date.isValid() ? date.format('MMM D, YYYY h:mm:ss A') : transaction.created_at,
  };
}

/** Spend of a usage transaction in dollars (positive); purchases spend nothing. */
export function spendOf(row: Pick<Transaction, 'kind' | 'amount_usd'>): number {
  return row.kind === 'usage' ? Math.abs(row.amount_usd) : 0;
}

/** Sums in micro-dollars so that many small prices add up exactly. */
const toMicros = (usd: number) => Math.round(usd * 1_000_000);
const fromMicros = (micros: number) => micros / 1_000_000;

export function spendPerDay(rows: UsageRow[], days: string[]): { day: string; usd: number }[] {
  const sums = new Map<string, number>(days.map((day) => [day, 0]));
  for (const row of rows) {
    const day = dayjs(row.complete_created_at).format('YYYY-MM-DD');
    if (sums.has(day)) sums.set(day, sums.get(day)! + toMicros(spendOf(row)));
  }
  return days.map((day) => ({ day, usd: fromMicros(sums.get(day)!) }));
}

export function spendPerDeployment(
  rows: UsageRow[],
): { deployment: string; usd: number; calls: number }[] {
  const sums = new Map<string, { micros: number; calls: number }>();
  for (const row of rows) {
    if (row.kind !== 'usage' || !row.deployment) continue;
    const entry = sums.get(row.deployment) ?? { micros: 0, calls: 0 };
    entry.micros += toMicros(spendOf(row));
    entry.calls += row.units;
    sums.set(row.deployment, entry);
  }
  return [...sums.entries()]
    .map(([deployment, { micros, calls }]) => ({ deployment, usd: fromMicros(micros), calls }))
    .sort((a, b) => b.usd - a.usd || a.deployment.localeCompare(b.deployment));
}
