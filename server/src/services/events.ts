/**
 * Publishing an event (issue 35): one row in the `events` outbox, written through
 * `vapi_publish_event` on the same executor as the change it announces, so that a transaction's
 * event commits or rolls back with it. Pass the transaction (`tx`) when there is one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { EVENT_RETENTION_DAYS } from '@contract';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { events, type EventType } from '../db/schema';
import { encodeCursor, keysetTime, type Keyset } from '../lib/cursor';
import { invalidRequest, notFound } from '../lib/errors';

type Executor = Pick<Database, 'execute'>;

export interface PublishedEvent {
  id: string;
}

/** Writes the event; its id (`evt_…`) is what the webhook's `webhook-id` header will carry. */
export async function publishEvent(
  db: Executor,
  organizationId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<PublishedEvent> {
  const result = await db.execute(
    sql`select vapi_publish_event(${organizationId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb) as id`,
  );
  const id = rowsOf<{ id: string }>(result)[0]?.id;
  if (!id) throw new Error('vapi_publish_event returned no id');
  return { id };
}

// ------------------------------------------------------------------ reading events back

/** An event as `GET /v1/events` shows it: what its webhook deliveries carry, and its id. */
export interface PresentedEvent {
  id: string;
  type: EventType;
  created_at: string;
  data: Record<string, unknown>;
}

export function presentEvent(row: typeof events.$inferSelect): PresentedEvent {
  return {
    id: row.id,
    type: row.type,
    created_at: row.createdAt.toISOString(),
    data: row.data as Record<string, unknown>,
  };
}

const EVENT_ID = /^evt_[0-9a-f]{24}$/;

/** The keyset (time to the microsecond, id) of one event of the organization, or null. */
export async function eventKeyset(
  db: Pick<Database, 'select'>,
  organizationId: string,
  eventId: string,
): Promise<Keyset | null> {
  if (!EVENT_ID.test(eventId)) return null;
  const [row] = await db
    .select({ at: keysetTime(sql`${events.createdAt}`), id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, organizationId)));
  return row ? { at: row.at as string, id: row.id } : null;
}

const KEYSET_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The keyset a `next_cursor` of this list names; anything else is a 400. */
function decodeEventCursor(cursor: string): Keyset {
  const text = cursor.length <= 200 ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  const bar = text.indexOf('|');
  const at = text.slice(0, bar);
  const id = text.slice(bar + 1);
  if (bar < 0 || !KEYSET_TIME.test(at) || !EVENT_ID.test(id) || Number.isNaN(Date.parse(at))) {
    throw invalidRequest('Invalid query string: cursor is not one this API returned.');
  }
  return { at, id };
}

export interface EventListQuery {
  limit: number;
  cursor?: string;
  startingAfter?: string;
  type?: EventType;
  createdAfter?: string;
}

/** A page of the organization's events, newest first, by (created_at, id) keyset. */
export async function listEvents(
  db: Pick<Database, 'select'>,
  organizationId: string,
  query: EventListQuery,
): Promise<{ events: PresentedEvent[]; has_more: boolean; next_cursor: string | null }> {
  let keyset: Keyset | null = null;
  if (query.cursor !== undefined) keyset = decodeEventCursor(query.cursor);
  if (query.startingAfter !== undefined) {
    const named = await eventKeyset(db, organizationId, query.startingAfter);
    if (!named) {
      throw notFound(
        `No event ${query.startingAfter} in your organization (events are kept ${EVENT_RETENTION_DAYS} days).`,
      );
    }
    // Both given: the later position in newest-first order wins (the smaller keyset).
    if (!keyset || named.at < keyset.at || (named.at === keyset.at && named.id < keyset.id)) {
      keyset = named;
    }
  }
  const conditions = [eq(events.organizationId, organizationId)];
  if (keyset) {
    conditions.push(
      sql`(${events.createdAt}, ${events.id}) < (${keyset.at}::timestamptz, ${keyset.id}::text)`,
    );
  }
  if (query.type) conditions.push(eq(events.type, query.type));
  if (query.createdAfter)
    conditions.push(sql`${events.createdAt} > ${query.createdAfter}::timestamptz`);
  const found = await db
    .select({ row: events, at: keysetTime(sql`${events.createdAt}`) })
    .from(events)
    .where(and(...conditions))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(query.limit + 1);
  const page = found.slice(0, query.limit);
  const last = page[page.length - 1];
  const hasMore = found.length > query.limit;
  return {
    events: page.map((item) => presentEvent(item.row)),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ at: last.at as string, id: last.row.id }) : null,
  };
}

export async function getEvent(
  db: Pick<Database, 'select'>,
  organizationId: string,
  eventId: string,
): Promise<PresentedEvent> {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organizationId, organizationId)));
  if (!row) {
    throw notFound(
      `No event with this id in your organization (events are kept ${EVENT_RETENTION_DAYS} days).`,
    );
  }
  return presentEvent(row);
}

/** Rows one retention statement deletes, and statements one sweep makes at most. */
const SWEEP_BATCH = 1_000;
const SWEEP_BATCHES = 20;

/**
 * Deletes events older than EVENT_RETENTION_DAYS by the database's clock, in batches (their
 * webhook deliveries and attempts go with them: ON DELETE CASCADE). Returns how many it deleted.
 */
export async function sweepEvents(db: Executor): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
    const result = await db.execute(sql`
      delete from events where id in (
        select id from events
        where created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})
        order by created_at
        limit ${SWEEP_BATCH})
      returning 1`);
    const count = rowsOf(result).length;
    deleted += count;
    if (count < SWEEP_BATCH) break;
  }
  return deleted;
}

/** The organization's events as the account API reads them (routes/v1/events.ts). */
export function eventReader(db: Pick<Database, 'select'>) {
  return {
    list: (organizationId: string, query: EventListQuery) => listEvents(db, organizationId, query),
    get: (organizationId: string, eventId: string) => getEvent(db, organizationId, eventId),
  };
}
export type EventReader = ReturnType<typeof eventReader>;
