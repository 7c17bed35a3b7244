/**
 * The audit log: one row per change, written with `recordAudit` inside the transaction of the
 * change it records (so a rolled-back change leaves no entry and a committed one always has
 * its entry). The table is append-only (migration 0006). Details never carry secrets: callers
 * pass names, ids, roles and amounts only.
 */
import { and, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@contract';
import type { Database, Executor } from '../db/client';
import { auditLog } from '../db/schema';
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
      const [found, [totals]] = await Promise.all([
        db
          .select({ row: auditLog, at: sql<string>`${keysetTime(time)}` })
          .from(auditLog)
          .where(paged)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .offset(filter.skip)
          .limit(filter.limit + 1),
        db.select({ total: count() }).from(auditLog).where(condition),
      ]);
      const page = found.slice(0, filter.limit);
      const last = page[page.length - 1];
      return {
        rows: page.map((r) => r.row),
        total: totals?.total ?? 0,
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
