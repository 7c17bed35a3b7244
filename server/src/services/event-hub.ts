/**
 * The hub of the event streams (services/event-stream.ts): one per process, it finds new events
 * for every open stream. Woken by the process's shared `LISTEN vapi_events` connection
 * (PostgreSQL; NOTIFY at commit) and by a short poll (the only wake-up on PGlite, the safety net
 * on PostgreSQL); no stream has a database connection of its own, and the hub queries nothing
 * while no stream is open.
 *
 * An event's `created_at` is its transaction's start, so one may commit after a newer one was
 * read. Each pass reads the ids of the last `lateCommitMs` of events (an index-only scan of
 * events_created_idx) and hands out those it has not handed out yet: a late commit is sent once
 * it is visible, and no event twice.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import { events } from '../db/schema';
import { describeDatabaseError } from '../lib/database-errors';
import type { EventNotifier } from './event-notifier';

export type EventRow = typeof events.$inferSelect;

/** A stream as the hub sees it: whose events, which types, and where to send them. */
export interface Subscriber {
  organizationId: string;
  types: ReadonlySet<string> | null;
  deliver(row: EventRow): void;
}

/** Ids one pass of the hub reads at most (the rest at the next, at once). */
const PASS_BATCH = 1_000;

export function createEventHub(deps: {
  db: Database;
  notifier: EventNotifier;
  settings: { pollMs: number; lateCommitMs: number };
  log: { warn: (o: unknown, m?: string) => void };
}) {
  const { db, settings } = deps;
  const subscribers = new Set<Subscriber>();
  /** Ids the hub has handed out, with their created_at (ms), for the late-commit window. */
  const seen = new Map<string, number>();
  let hubReady: Promise<void> | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /** Ids and times of the events of the late-commit window (every organization). */
  async function windowIds(): Promise<Array<{ id: string; at: number }>> {
    const result = await db.execute(sql`
      select id, (extract(epoch from created_at) * 1000)::float8 as at from events
      where created_at > now() - make_interval(secs => ${settings.lateCommitMs / 1000})
      order by created_at, id
      limit ${PASS_BATCH + seen.size}`);
    return rowsOf<{ id: string; at: number }>(result).map((r) => ({ id: r.id, at: Number(r.at) }));
  }

  function prune(latest: number) {
    for (const [id, at] of seen) if (at < latest - settings.lateCommitMs * 2) seen.delete(id);
  }

  /**
   * One pass of the running hub. A pass begun in an earlier run (the last stream left while it
   * waited on the database, and a new stream started the hub again) stops at its next step: its
   * `seen` was cleared under it, so it would hand a new stream events from before it joined.
   */
  async function pass(): Promise<void> {
    const run = runningGeneration;
    if (run === null) return;
    const window = await windowIds();
    if (runningGeneration !== run) return;
    const fresh = window.filter((entry) => !seen.has(entry.id)).slice(0, PASS_BATCH);
    if (fresh.length > 0) {
      const rows = await db
        .select()
        .from(events)
        .where(
          inArray(
            events.id,
            fresh.map((entry) => entry.id),
          ),
        );
      if (runningGeneration !== run) return;
      rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
      for (const entry of fresh) seen.set(entry.id, entry.at);
      for (const row of rows) {
        for (const subscriber of subscribers) {
          if (subscriber.organizationId !== row.organizationId) continue;
          if (subscriber.types && !subscriber.types.has(row.type)) continue;
          subscriber.deliver(row);
        }
      }
    }
    const latest = window.at(-1)?.at;
    if (latest !== undefined) prune(latest);
    if (fresh.length >= PASS_BATCH) again = true;
  }

  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (subscribers.size === 0) return;
        await pass();
      } while (again);
    })()
      .catch((error: unknown) => {
        deps.log.warn(
          { db: describeDatabaseError(error) },
          'event stream hub pass failed; retrying at the next poll',
        );
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  /**
   * The hub runs (listener subscribed, poll scheduled) while a stream is open. `generation`
   * tells a poll chain or a start of a stopped run from the current one, so a stop and a new
   * start in quick succession never leave two running.
   */
  let generation = 0;
  let runningGeneration: number | null = null;

  function schedulePoll(run: number) {
    pollTimer = setTimeout(() => {
      void tick().finally(() => {
        if (runningGeneration === run) schedulePoll(run);
      });
    }, settings.pollMs);
    pollTimer.unref();
  }

  /** The hub's start: what is already in the window counts as seen (sent before anyone joined). */
  function startHub(): Promise<void> {
    hubReady ??= (async () => {
      const run = ++generation;
      // A pass of the last run still in flight ends first (it stops itself: see pass).
      await running;
      const window = await windowIds();
      // Every stream left meanwhile, or another start got there first.
      if (subscribers.size === 0 || runningGeneration !== null || run !== generation) return;
      seen.clear();
      for (const entry of window) seen.set(entry.id, entry.at);
      runningGeneration = run;
      unsubscribe = deps.notifier.subscribe(() => void tick());
      deps.notifier.start();
      schedulePoll(run);
    })().catch((error: unknown) => {
      hubReady = null;
      throw error;
    });
    return hubReady;
  }

  async function join(subscriber: Subscriber): Promise<void> {
    subscribers.add(subscriber);
    try {
      await startHub();
    } catch (error) {
      await leave(subscriber);
      throw error;
    }
  }

  /** The last stream to leave stops the hub (synchronously, so a new start begins clean). */
  async function leave(subscriber: Subscriber): Promise<void> {
    subscribers.delete(subscriber);
    if (subscribers.size > 0) return;
    hubReady = null;
    generation += 1;
    if (runningGeneration === null) return;
    runningGeneration = null;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = null;
    unsubscribe?.();
    unsubscribe = null;
    seen.clear();
    await deps.notifier.stop();
  }

  return { join, leave, tick, running: () => running };
}
export type EventHub = ReturnType<typeof createEventHub>;
