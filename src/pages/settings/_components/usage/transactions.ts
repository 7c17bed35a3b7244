/**
 * Transactions as the usage page shows them: the raw `created_at` is kept as
 * `complete_created_at` and `created_at` becomes the formatted local time
 * (spec §3, §7).
 */
import { dateTime } from '@site/src/format/dates';
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
  return {
    ...transaction,
    complete_created_at: transaction.created_at,
    created_at: dateTime(transaction.created_at),
  };
}
