import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { DATE_RANGE } from '@contract';
import { before, encodeCursor, keysetTime, type Keyset } from '../lib/cursor';
import { usageSlices } from './usageSlices';
import type { Database, Executor } from '../db/client';
import { deletedKeySpend, ledgerEntries, organizations } from '../db/schema';
import { randomUUID } from 'node:crypto';
import { LEGACY_HOLD_TIMEOUT_MS } from '../lib/leases';
import { utcMonth } from '../lib/month';
import { holdOf, refusalOf, type Hold, type HoldRefusal } from './calls';
import { rowsOf as rows } from '../db/rows';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface UsageHold {
  organizationId: string;
  apiKeyId: string;
  /** The leak circuit-breaker's thresholds (config.spendSpike). */
  spendSpike: { factor: number; floorMicros: number };
  /** The deployment path: its price is read from the pricing table in the same statement. */
  deployment: string;
}

/** A price held from the wallet while a call's answer is produced. */
export type Reservation = Hold;
/** Why a hold was not taken: nothing changed. */
export type Refusal = HoldRefusal;

export interface TransactionFilter {
  start?: Date;
  end?: Date;
  skip: number;
  limit: number;
  /** Rows strictly older than this (time, id), from a previous page's `next_cursor`. */
  cursor?: Keyset;
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

/**
 * Keeps what deleted keys spent this month (`deleted_key_spend`), in the deleting transaction
 * (after the keys' rows are locked, as reserve takes them): their creators' monthly spend stays
 * what it was, so deleting a key and making another does not reset a member's spend limit.
 */
export async function keepDeletedKeySpend(
  tx: Executor,
  keys: ReadonlyArray<{
    id: string;
    organizationId: string;
    createdByUid: string | null;
    spendMonth: string | null;
    monthSpendMicros: number;
  }>,
): Promise<void> {
  const month = utcMonth();
  const kept = keys.filter(
    (key) => key.createdByUid !== null && key.spendMonth === month && key.monthSpendMicros > 0,
  );
  if (kept.length === 0) return;
  await tx.insert(deletedKeySpend).values(
    kept.map((key) => ({
      apiKeyId: key.id,
      organizationId: key.organizationId,
      createdByUid: key.createdByUid!,
      spendMonth: month,
      monthSpendMicros: key.monthSpendMicros,
    })),
  );
}

/**
 * Rows, calls, spend and purchases of [start, end]: usage from the rollups by deployment
 * (migration 0025; whole hours and days, the ledger only for the partial hours at the ends), the
 * other kinds from the ledger on the partial index of money rows (a few per purchase). Equal to
 * sums over the ledger rows.
 */
async function rangeTotals(db: Database, organizationId: string, start: Date, end: Date) {
  const [usage] = rows<{
    entries: string | number;
    calls: string | number;
    spent: string | number;
  }>(
    await db.execute(sql`
      select coalesce(sum(entries), 0) as entries, coalesce(sum(calls), 0) as calls,
             coalesce(sum(spent), 0) as spent
      from (${usageSlices(organizationId, start, end, 0, {}, 'deployment')}) s`),
  );
  const [money] = rows<{ entries: string | number; purchased: string | number }>(
    await db.execute(sql`
      select count(*) as entries,
             coalesce(sum(case when kind = 'purchase' then amount_micros else 0 end), 0) as purchased
      from ledger_entries
      where organization_id = ${organizationId} and kind <> 'usage'
        and created_at >= ${start.toISOString()} and created_at <= ${end.toISOString()}`),
  );
  return {
    totalCount: Number(usage!.entries) + Number(money!.entries),
    spentMicros: Number(usage!.spent),
    purchasedMicros: Number(money!.purchased),
    calls: Number(usage!.calls),
  };
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
     * Holds a call's price (read from the pricing table) in one transaction, one round trip
     * (`vapi_hold`, migration 0009): the key's monthly cap, the leak circuit-breaker, the
     * creator's monthly limit, then the wallet, each decided under its row's lock, so concurrent
     * calls can never overspend the wallet, a cap or a limit; a refusal changes nothing and names
     * the current figures. The hold is leased for `leaseMs` (the services host renews it while
     * the call runs; see lib/leases.ts).
     */
    async reserve(hold: UsageHold & { leaseMs?: number }): Promise<Reservation | HoldRefusal> {
      const [row] = rows<{ result: Record<string, unknown> }>(
        await db.execute(sql`select vapi_hold(${hold.organizationId}::uuid, ${hold.apiKeyId}::uuid,
          ${hold.deployment}, ${hold.leaseMs ?? LEGACY_HOLD_TIMEOUT_MS}::integer,
          ${hold.spendSpike.factor}::float8, ${hold.spendSpike.floorMicros}::bigint) as result`),
      );
      const result = row!.result;
      return result.outcome === 'held' ? holdOf(result) : refusalOf(result);
    },

    /**
     * Turns a hold into a charge, the ledger row (at most one per reservation, by a unique
     * index). Null when the hold was already settled.
     */
    async capture(
      reservationId: string,
      apiKeyName: string,
    ): Promise<{ id: string; createdAt: Date; balanceAfterMicros: number } | null> {
      const [row] = rows<{ result: Record<string, unknown> }>(
        await db.execute(sql`
          select case when status = 'held' then vapi_capture(${reservationId}::uuid, ${randomUUID()}::uuid,
            ${apiKeyName}, null, null, null, 200, null, 0, 0, 0) end as result
          from usage_reservations where id = ${reservationId}::uuid`),
      );
      const result = row?.result;
      if (!result || result.outcome !== 'captured') return null;
      const [entry] = await db
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reservationId, reservationId));
      return {
        id: entry!.id,
        createdAt: new Date(String(result.created_at)),
        balanceAfterMicros: Number(result.balance_after),
      };
    },

    /**
     * Gives a hold back: the wallet and the key's monthly spend (if the month has not turned),
     * or, when the key was deleted meanwhile, the spend kept for its member. Nothing is charged.
     * False when it was already settled.
     */
    async release(reservationId: string): Promise<boolean> {
      const [row] = rows<{ result: boolean }>(
        await db.execute(sql`select vapi_release(${reservationId}::uuid) as result`),
      );
      return row!.result;
    },

    /**
     * Newest first, by keyset (`cursor`) and/or `skip`, with totals over the whole filtered
     * range read from the usage rollups (plus the few money rows, on their own index): the cost
     * of a page grows with its size and the range's buckets, never with the organization's rows.
     */
    async list(organizationId: string, filter: TransactionFilter) {
      const time = sql`${ledgerEntries.createdAt}`;
      const conditions: SQL[] = [eq(ledgerEntries.organizationId, organizationId)];
      if (filter.start) conditions.push(gte(ledgerEntries.createdAt, filter.start));
      if (filter.end) conditions.push(lte(ledgerEntries.createdAt, filter.end));
      if (filter.cursor)
        conditions.push(before(time, sql`${ledgerEntries.id}`, filter.cursor, 'uuid'));
      const found = await db
        .select({ row: ledgerEntries, at: sql<string>`${keysetTime(time)}` })
        .from(ledgerEntries)
        .where(and(...conditions))
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .offset(filter.skip)
        .limit(filter.limit + 1);
      const page = found.slice(0, filter.limit);
      const last = page[page.length - 1];
      const totals = await rangeTotals(
        db,
        organizationId,
        filter.start ?? new Date(DATE_RANGE.min),
        filter.end ?? new Date(DATE_RANGE.max),
      );
      return {
        rows: page.map((r) => r.row),
        hasMore: found.length > filter.limit,
        nextCursor:
          found.length > filter.limit && last
            ? encodeCursor({ at: last.at, id: last.row.id })
            : null,
        ...totals,
      };
    },
  };
}
export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
