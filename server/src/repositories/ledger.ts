import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { apiKeys, ledgerEntries, organizations } from '../db/schema';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface UsageDebit {
  organizationId: string;
  apiKeyId: string;
  apiKeyName: string;
  deployment: string;
  priceMicros: number;
}

export interface TransactionFilter {
  start?: Date;
  end?: Date;
  skip: number;
  limit: number;
}

/**
 * Credits a purchase inside the caller's transaction: balance and ledger row
 * change together or not at all.
 */
export async function creditWallet(
  tx: Executor,
  entry: { organizationId: string; amountMicros: number; paymentId: string },
): Promise<LedgerRow> {
  const [org] = await tx
    .update(organizations)
    .set({ balanceMicros: sql`${organizations.balanceMicros} + ${entry.amountMicros}` })
    .where(eq(organizations.id, entry.organizationId))
    .returning({ balance: organizations.balanceMicros });
  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      organizationId: entry.organizationId,
      kind: 'purchase',
      deployment: null,
      units: 0,
      amountMicros: entry.amountMicros,
      balanceAfterMicros: org!.balance,
      paymentId: entry.paymentId,
    })
    .returning();
  return row!;
}

export function createLedgerRepository(db: Database) {
  return {
    async balance(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ balance: organizations.balanceMicros })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      return row?.balance ?? 0;
    },

    /**
     * Debits one metered call. The conditional update takes the row lock and
     * only succeeds while the balance covers the price, so concurrent calls
     * can never push it below zero. Null: insufficient credits.
     */
    async debitUsage(debit: UsageDebit): Promise<LedgerRow | null> {
      return db.transaction(async (tx) => {
        const [org] = await tx
          .update(organizations)
          .set({ balanceMicros: sql`${organizations.balanceMicros} - ${debit.priceMicros}` })
          .where(
            and(
              eq(organizations.id, debit.organizationId),
              gte(organizations.balanceMicros, debit.priceMicros),
            ),
          )
          .returning({ balance: organizations.balanceMicros });
        if (!org) return null;
        const [row] = await tx
          .insert(ledgerEntries)
          .values({
            organizationId: debit.organizationId,
            kind: 'usage',
            deployment: debit.deployment,
            units: 1,
            amountMicros: -debit.priceMicros,
            balanceAfterMicros: org.balance,
            apiKeyId: debit.apiKeyId,
            apiKeyName: debit.apiKeyName,
          })
          .returning();
        await tx
          .update(apiKeys)
          .set({ lastUsedAt: row!.createdAt })
          .where(eq(apiKeys.id, debit.apiKeyId));
        return row!;
      });
    },

    /** Newest first, with totals over the whole filtered range. */
    async list(organizationId: string, filter: TransactionFilter) {
      const conditions: SQL[] = [eq(ledgerEntries.organizationId, organizationId)];
      if (filter.start) conditions.push(gte(ledgerEntries.createdAt, filter.start));
      if (filter.end) conditions.push(lte(ledgerEntries.createdAt, filter.end));
      const where = and(...conditions);
      const rows = await db
        .select()
        .from(ledgerEntries)
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .offset(filter.skip)
        .limit(filter.limit);
      const [totals] = await db
        .select({
          total: count(),
          spent: sql<string>`coalesce(sum(case when ${ledgerEntries.kind} = 'usage' then -${ledgerEntries.amountMicros} else 0 end), 0)`,
          purchased: sql<string>`coalesce(sum(case when ${ledgerEntries.kind} = 'purchase' then ${ledgerEntries.amountMicros} else 0 end), 0)`,
          calls: sql<string>`coalesce(sum(case when ${ledgerEntries.kind} = 'usage' then ${ledgerEntries.units} else 0 end), 0)`,
        })
        .from(ledgerEntries)
        .where(where);
      return {
        rows,
        totalCount: totals!.total,
        spentMicros: Number(totals!.spent),
        purchasedMicros: Number(totals!.purchased),
        calls: Number(totals!.calls),
      };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
