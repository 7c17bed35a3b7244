import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { deletedKeySpend, ledgerEntries, organizations } from '../db/schema';
import { utcMonth } from '../lib/month';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

export interface UsageHold {
  organizationId: string;
  apiKeyId: string;
  /** The leak circuit-breaker's thresholds (config.spendSpike). */
  spendSpike: { factor: number; floorMicros: number };
  /** The deployment path: its price is read from the pricing table in the same statement. */
  deployment: string;
}

/** Why a hold was not taken: nothing changed. */
export type Refusal =
  | { refused: 'insufficient'; priceMicros: number }
  | { refused: 'cap'; priceMicros: number }
  | { refused: 'member_limit'; priceMicros: number; limitMicros: number; spentMicros: number }
  | { refused: 'spend_spike'; priceMicros: number; daySpendMicros: number; trailingMicros: number }
  | { refused: 'unknown_deployment' };

/** Rolls the hold's transaction back and carries the reason out of it. */
class RefusedHold extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.refused);
  }
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
     * Holds a call's price (read from the pricing table), in one transaction: first the key's
     * monthly spend counter, refused when the call would pass its cap, then (when the member who
     * created the key has a monthly limit) their keys' spend, refused past it, then the wallet, refused
     * when it cannot cover the price. Both are conditional updates that take the row's lock, so
     * concurrent calls can never overspend the wallet or a cap; a refusal changes nothing.
     */
    async reserve(hold: UsageHold): Promise<Reservation | Refusal> {
      const month = utcMonth();
      try {
        return await db.transaction(async (tx) => {
          const [price] = rows<{ amount: string | number }>(
            await tx.execute(
              sql`select price_per_call_micros as amount from deployments where path = ${hold.deployment}`,
            ),
          );
          if (!price) throw new RefusedHold({ refused: 'unknown_deployment' });
          const amount = Number(price.amount);
          const today = sql`(now() at time zone 'UTC')::date`;
          const [key] = rows<{
            spend: string | number;
            created_by_uid: string | null;
            member_limit: string | number | null;
            day_spend: string | number;
            trailing: string | number;
            seasoned: boolean;
          }>(
            await tx.execute(sql`
              update api_keys set
                month_spend_micros = (case when spend_month = ${month}::date then month_spend_micros else 0 end) + ${amount},
                spend_month = ${month}::date,
                -- A new day folds the last one into the running average (about a week), decayed
                -- for the days without calls. SET reads the row's old values.
                trailing_daily_micros = case when spend_day is distinct from ${today} then
                    floor((trailing_daily_micros * 6 + (case when spend_day is null then 0 else day_spend_micros end)) / 7.0
                      * power(6.0 / 7.0, greatest(0, coalesce(${today} - spend_day, 1) - 1)))
                  else trailing_daily_micros end,
                day_spend_micros = (case when spend_day = ${today} then day_spend_micros else 0 end) + ${amount},
                spend_day = ${today}
              where id = ${hold.apiKeyId} and (monthly_cap_micros is null or
                (case when spend_month = ${month}::date then month_spend_micros else 0 end) + ${amount} <= monthly_cap_micros)
              returning month_spend_micros as spend, created_by_uid,
                day_spend_micros as day_spend, trailing_daily_micros as trailing,
                created_at < now() - interval '1 day' as seasoned,
                (select m.monthly_limit_micros from memberships m
                  where m.organization_id = api_keys.organization_id and m.uid = api_keys.created_by_uid) as member_limit`),
          );
          if (!key) throw new RefusedHold({ refused: 'cap', priceMicros: amount });
          // The leak circuit-breaker: a key a day old or more whose spend today jumps past the
          // floor and `factor` times its usual is refused here (nothing held) and paused.
          const daySpend = Number(key.day_spend);
          const trailing = Number(key.trailing);
          if (
            key.seasoned &&
            daySpend > hold.spendSpike.floorMicros &&
            daySpend > hold.spendSpike.factor * trailing
          ) {
            throw new RefusedHold({
              refused: 'spend_spike',
              priceMicros: amount,
              daySpendMicros: daySpend - amount,
              trailingMicros: trailing,
            });
          }
          // The member who created the key has a monthly limit: what all their keys spent this
          // month (the keys they deleted included), this call included, counted under the
          // member's row lock, so concurrent calls on several of their keys cannot pass it
          // together. No limit: nothing more to do.
          if (key.member_limit !== null && key.created_by_uid !== null) {
            // Lock first, then count in a statement of its own: its snapshot is taken after the
            // lock is granted, so it sees what concurrent calls on the member's other keys committed.
            await tx.execute(sql`
              select 1 from memberships
              where organization_id = ${hold.organizationId} and uid = ${key.created_by_uid}
              for update`);
            const [member] = rows<{ spent: string | number }>(
              await tx.execute(sql`
                select (select coalesce(sum(month_spend_micros), 0) from api_keys
                    where organization_id = ${hold.organizationId} and created_by_uid = ${key.created_by_uid}
                      and spend_month = ${month}::date)
                  + (select coalesce(sum(month_spend_micros), 0) from deleted_key_spend
                    where organization_id = ${hold.organizationId} and created_by_uid = ${key.created_by_uid}
                      and spend_month = ${month}::date) as spent`),
            );
            const spent = Number(member?.spent ?? 0);
            if (spent > Number(key.member_limit)) {
              throw new RefusedHold({
                refused: 'member_limit',
                priceMicros: amount,
                limitMicros: Number(key.member_limit),
                spentMicros: spent - amount,
              });
            }
          }
          const [org] = rows<{ balance: string | number }>(
            await tx.execute(sql`
              update organizations set balance_micros = balance_micros - ${amount}
              where id = ${hold.organizationId} and balance_micros >= ${amount}
              returning balance_micros as balance`),
          );
          if (!org) throw new RefusedHold({ refused: 'insufficient', priceMicros: amount });
          const [held] = rows<{ id: string }>(
            await tx.execute(sql`
              insert into usage_reservations
                (organization_id, api_key_id, deployment, amount_micros, balance_after_micros, status)
              values (${hold.organizationId}, ${hold.apiKeyId}, ${hold.deployment}, ${amount}, ${org.balance}, 'held')
              returning id`),
          );
          return {
            id: held!.id,
            amountMicros: amount,
            balanceAfterMicros: Number(org.balance),
          };
        });
      } catch (error) {
        if (error instanceof RefusedHold) return error.refusal;
        throw error;
      }
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

    /**
     * Gives a hold back: the wallet and the key's monthly spend (if the month has not turned),
     * or, when the key was deleted meanwhile, the spend kept for its member. Nothing is charged.
     * False when it was already settled.
     */
    async release(reservationId: string): Promise<boolean> {
      // Separate statements in one transaction, in the order reserve takes its locks (the key's
      // row, then the wallet's; reserve never locks deleted_key_spend): one statement with data-modifying CTEs updates them in an order
      // PostgreSQL does not promise (it took the wallet first, and concurrent holds and releases
      // on one key deadlocked).
      return db.transaction(async (tx) => {
        const [r] = rows<{
          organization_id: string;
          api_key_id: string;
          amount_micros: string | number;
          created_at: string | Date;
        }>(
          await tx.execute(sql`
            update usage_reservations set status = 'released', settled_at = now()
            where id = ${reservationId} and status = 'held'
            returning organization_id, api_key_id, amount_micros, created_at`),
        );
        if (!r) return false;
        const month = sql`date_trunc('month', ${new Date(r.created_at).toISOString()}::timestamptz at time zone 'UTC')::date`;
        const [key] = rows<{ id: string }>(
          await tx.execute(sql`
            update api_keys set month_spend_micros = greatest(0, month_spend_micros - ${r.amount_micros})
            where id = ${r.api_key_id} and spend_month = ${month}
            returning id`),
        );
        // No such key: deleted while the call was in flight (its spend moved to
        // deleted_key_spend), or the month turned (then nothing matches here either).
        if (!key) {
          await tx.execute(sql`
            update deleted_key_spend set month_spend_micros = greatest(0, month_spend_micros - ${r.amount_micros})
            where api_key_id = ${r.api_key_id} and spend_month = ${month}`);
        }
        await tx.execute(sql`
          update organizations set balance_micros = balance_micros + ${r.amount_micros}
          where id = ${r.organization_id}`);
        return true;
      });
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
