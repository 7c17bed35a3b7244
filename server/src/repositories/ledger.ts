import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { ledgerEntries, organizations } from '../db/schema';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface UsageHold {
  organizationId: string;
  apiKeyId: string;
  /** The deployment path: its price is read from the pricing table in the same statement. */
  deployment: string;
}

/** A price held from the wallet while a call's answer is produced. */
export interface Reservation {
  id: string;
  /** The price held: the pricing table's at the moment of the hold. */
  amountMicros: number;
  /** The wallet after the hold. */
  balanceAfterMicros: number;
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
  return postEntry(tx, { ...entry, kind: 'purchase' });
}

/**
 * A compensating entry after a refund or dispute (negative), or a won dispute (positive), in the
 * caller's transaction. It may take the balance below zero: the credits may already be spent.
 * The database refuses that to everything else (migration 0004), so this marks its transaction.
 */
export async function postCompensation(
  tx: Executor,
  entry: {
    organizationId: string;
    amountMicros: number;
    paymentId: string;
    kind: 'refund' | 'dispute' | 'dispute_won';
  },
): Promise<LedgerRow> {
  await tx.execute(sql`select set_config('vapi.allow_negative_balance', 'on', true)`);
  return postEntry(tx, entry);
}

async function postEntry(
  tx: Executor,
  entry: {
    organizationId: string;
    amountMicros: number;
    paymentId: string;
    kind: 'purchase' | 'refund' | 'dispute' | 'dispute_won';
  },
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
      kind: entry.kind,
      deployment: null,
      units: 0,
      amountMicros: entry.amountMicros,
      balanceAfterMicros: org!.balance,
      paymentId: entry.paymentId,
    })
    .returning();
  return row!;
}

interface CapturedRow {
  id: string;
  created_at: Date | string;
  balance_after_micros: string | number;
}

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
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
     * Holds a call's price, read from the pricing table in the same statement. The conditional
     * update takes the row lock and only succeeds while the balance covers the price, so
     * concurrent calls can never overspend. Null: insufficient credits.
     */
    async reserve(hold: UsageHold): Promise<Reservation | null> {
      const result = await db.execute(sql`
        with price as (
          select price_per_call_micros as amount from deployments where path = ${hold.deployment}
        ), debit as (
          update organizations set balance_micros = balance_micros - price.amount
          from price
          where organizations.id = ${hold.organizationId} and balance_micros >= price.amount
          returning organizations.id, balance_micros, price.amount
        )
        insert into usage_reservations
          (organization_id, api_key_id, deployment, amount_micros, balance_after_micros, status)
        select debit.id, ${hold.apiKeyId}, ${hold.deployment}, debit.amount, debit.balance_micros, 'held'
        from debit
        returning id, amount_micros, balance_after_micros`);
      const [row] = rows<{
        id: string;
        amount_micros: string | number;
        balance_after_micros: string | number;
      }>(result);
      return row
        ? {
            id: row.id,
            amountMicros: Number(row.amount_micros),
            balanceAfterMicros: Number(row.balance_after_micros),
          }
        : null;
    },

    /**
     * Turns a hold into a charge: the ledger row (at most one per reservation, by a unique
     * index) and the key's last use. Null when the hold was already settled.
     */
    async capture(
      reservationId: string,
      apiKeyName: string,
    ): Promise<{ id: string; createdAt: Date; balanceAfterMicros: number } | null> {
      const result = await db.execute(sql`
        with r as (
          update usage_reservations set status = 'captured', settled_at = now()
          where id = ${reservationId} and status = 'held'
          returning organization_id, api_key_id, deployment, amount_micros, balance_after_micros
        ), entry as (
          insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
            balance_after_micros, api_key_id, api_key_name, reservation_id)
          select r.organization_id, 'usage', r.deployment, 1, -r.amount_micros,
            r.balance_after_micros, r.api_key_id, ${apiKeyName}, ${reservationId}
          from r
          returning id, created_at, balance_after_micros, api_key_id
        ), touched as (
          update api_keys set last_used_at = entry.created_at from entry
          where api_keys.id = entry.api_key_id
          returning api_keys.id
        )
        select entry.id, entry.created_at, entry.balance_after_micros, (select count(*) from touched) as touched
        from entry`);
      const [row] = rows<CapturedRow>(result);
      if (!row) return null;
      return {
        id: row.id,
        createdAt: new Date(row.created_at),
        balanceAfterMicros: Number(row.balance_after_micros),
      };
    },

    /** Gives a hold back: nothing is charged. False when it was already settled. */
    async release(reservationId: string): Promise<boolean> {
      const result = await db.execute(sql`
        with r as (
          update usage_reservations set status = 'released', settled_at = now()
          where id = ${reservationId} and status = 'held'
          returning organization_id, amount_micros
        )
        update organizations set balance_micros = balance_micros + r.amount_micros
        from r where organizations.id = r.organization_id
        returning organizations.id`);
      return rows(result).length > 0;
    },

    /**
     * Releases holds older than `olderThanMs` (a process that died between holding and
     * answering); returns how many. Each is released on its own so a wallet is never locked
     * for long.
     */
    async releaseStale(olderThanMs: number): Promise<number> {
      const stale = rows<{ id: string }>(
        await db.execute(
          sql`select id from usage_reservations where status = 'held' and created_at < now() - make_interval(secs => ${olderThanMs / 1000}) limit 1000`,
        ),
      );
      let released = 0;
      for (const { id } of stale) {
        if (await this.release(id)) released += 1;
      }
      return released;
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
