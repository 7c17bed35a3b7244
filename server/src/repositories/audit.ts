/**
 * The audit log: one row per change, written with `recordAudit` inside the transaction of the
 * change it records (so a rolled-back change leaves no entry and a committed one always has
 * its entry). The table is append-only (migration 0006). Details never carry secrets: callers
 * pass names, ids, roles and amounts only.
 */
import { and, count, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@contract';
import type { Database, Executor } from '../db/client';
import { auditDaily, auditLog } from '../db/schema';
import { before, encodeCursor, keysetTime, type Keyset } from '../lib/cursor';
import { exportRows, type KeysetRow } from './exports';

/** Who made a change, and from where. */
export interface Actor {
  kind: 'user' | 'admin_key' | 'system';
  /** The user's uid or the admin key's id. */
  id: string | null;
  /** The user's e-mail address or the admin key's name. */
  label: string | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, label: null, ip: null };

export type AuditDetails = Record<string, string | number | boolean | null>;
export type AuditRow = typeof auditLog.$inferSelect;

/** What a repository method needs to record its change: the actor, and the log to write. */
export interface AuditContext {
  actor: Actor;
}

export async function recordAudit(
  tx: Executor,
  actor: Actor,
  entry: {
    organizationId: string;
    action: AuditAction;
    target?: string | null;
    details?: AuditDetails;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    organizationId: entry.organizationId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorLabel: actor.label,
    action: entry.action,
    target: entry.target ?? null,
    details: entry.details ?? {},
    ip: actor.ip,
  });
}

/** One entry as the CSV export reads it. */
export interface AuditExportRow extends KeysetRow {
  at_iso: string;
  actor_kind: string;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  target: string | null;
  details: unknown;
  ip: string | null;
}

export interface AuditFilter {
  actor?: string;
  action?: string;
  start?: Date;
  end?: Date;
  skip: number;
  limit: number;
  /** Entries strictly older than this (at, id), from a previous page's `next_cursor`. */
  cursor?: Keyset;
}

const DAY_MS = 86_400_000;

/**
 * The whole UTC days of [start, end] (either open): `[from, to)`, day starts, null bounds for an
 * open side. A day d is whole when every instant of it lies in the range: d >= start and
 * d + 1 day <= end.
 */
export function wholeDays(start?: Date, end?: Date): { from: Date | null; to: Date | null } {
  return {
    from: start ? new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS) : null,
    to: end ? new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS) : null,
  };
}

export function createAuditRepository(db: Database) {
  const where = (organizationId: string, filter: Omit<AuditFilter, 'skip' | 'limit'>) => {
    const conditions: SQL[] = [eq(auditLog.organizationId, organizationId)];
    if (filter.actor) {
      conditions.push(
        or(eq(auditLog.actorId, filter.actor), eq(auditLog.actorLabel, filter.actor))!,
      );
    }
    if (filter.action) conditions.push(eq(auditLog.action, filter.action));
    if (filter.start) conditions.push(gte(auditLog.at, filter.start));
    if (filter.end) conditions.push(lte(auditLog.at, filter.end));
    return and(...conditions);
  };
  /**
   * How many entries match, never by counting all of the organization's: with an actor, that
   * actor's entries on their index (0027); otherwise whole UTC days from audit_daily plus the
   * entries of the partial days at the range's ends on the (organization, at, id) index.
   */
  const total = async (
    organizationId: string,
    filter: Omit<AuditFilter, 'skip' | 'limit'>,
  ): Promise<number> => {
    const countWhere = async (condition: SQL | undefined) => {
      const [row] = await db.select({ n: count() }).from(auditLog).where(condition);
      return row?.n ?? 0;
    };
    if (filter.actor) return countWhere(where(organizationId, filter));
    const days = wholeDays(filter.start, filter.end);
    if (days.from && days.to && days.from.getTime() >= days.to.getTime()) {
      // Less than two days apart and no whole day between: those rows alone.
      return countWhere(where(organizationId, filter));
    }
    const [rolled] = await db
      .select({ n: sql<string | number | null>`sum(${auditDaily.entries})` })
      .from(auditDaily)
      .where(
        and(
          eq(auditDaily.organizationId, organizationId),
          filter.action ? eq(auditDaily.action, filter.action) : undefined,
          days.from ? gte(auditDaily.bucket, days.from) : undefined,
          days.to ? lt(auditDaily.bucket, days.to) : undefined,
        ),
      );
    const [head, tail] = await Promise.all([
      // [start, first whole day) and [end of the last whole day, end]: partial days.
      days.from ? countWhere(and(where(organizationId, filter), lt(auditLog.at, days.from))) : 0,
      days.to ? countWhere(and(where(organizationId, filter), gte(auditLog.at, days.to))) : 0,
    ]);
    return Number(rolled?.n ?? 0) + head + tail;
  };

  return {
    async page(
      organizationId: string,
      filter: AuditFilter,
    ): Promise<{ rows: AuditRow[]; total: number; nextCursor: string | null }> {
      const condition = where(organizationId, filter);
      const time = sql`${auditLog.at}`;
      const paged = filter.cursor
        ? and(condition, before(time, sql`${auditLog.id}`, filter.cursor, 'bigint'))
        : condition;
      const [found, matching] = await Promise.all([
        db
          .select({ row: auditLog, at: sql<string>`${keysetTime(time)}` })
          .from(auditLog)
          .where(paged)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .offset(filter.skip)
          .limit(filter.limit + 1),
        total(organizationId, filter),
      ]);
      const page = found.slice(0, filter.limit);
      const last = page[page.length - 1];
      return {
        rows: page.map((r) => r.row),
        total: matching,
        nextCursor:
          found.length > filter.limit && last
            ? encodeCursor({ at: last.at, id: String(last.row.id) })
            : null,
      };
    },

    /** Every matching entry, newest first, at most `max`, in batches (the CSV export). */
    export(organizationId: string, filter: Omit<AuditFilter, 'skip' | 'limit'>, max: number) {
      const condition = where(organizationId, filter);
      const time = sql`${auditLog.at}`;
      return exportRows<AuditExportRow>(
        db,
        (after, limit) => sql`
          select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at_iso,
                 actor_kind, actor_id, actor_label, action, target, details, ip,
                 ${keysetTime(time)} as cursor_at, id as cursor_id
          from audit_log
          where ${condition} ${after ? sql`and ${before(time, sql`${auditLog.id}`, after, 'bigint')}` : sql``}
          order by at desc, id desc
          limit ${limit}`,
        max,
      );
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
