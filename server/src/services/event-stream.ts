/**
 * The live event stream (`GET /v1/events/stream`, Server-Sent Events; issue 35), what
 * `visionapi listen` forwards to a developer's machine.
 *
 * - One hub per process (./event-hub.ts) finds new events for every open stream, woken by the
 *   process's shared LISTEN connection and a short poll; no stream has a connection of its own.
 * - A stream resumed with `Last-Event-ID` (or `?after=`) first gets the organization's events
 *   after that one in (created_at, id) order, bounded (EVENT_STREAM_CATCH_UP_*; 410 beyond);
 *   it joins the hub before reading them, so nothing published meanwhile falls between the two,
 *   and what both find is sent once.
 * - Bounds: MAX_EVENT_STREAMS_PER_ORGANIZATION open streams per organization in this process
 *   (429 with Retry-After beyond); a client that reads too slowly (1 MiB unread) is cut and
 *   resumes; a comment every heartbeat keeps proxies from closing an idle stream; the caller's
 *   credentials are checked again every `recheckMs` (a deleted admin key, a removed or demoted
 *   member, a revoked or expired ID token ends the stream).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import {
  ADMIN_KEY_PREFIX,
  EVENT_RETENTION_DAYS,
  EVENT_STREAM_CATCH_UP_EVENTS,
  EVENT_STREAM_CATCH_UP_HOURS,
  EVENT_STREAM_HEARTBEAT_SECONDS,
  EVENT_STREAM_RECHECK_SECONDS,
  EVENT_TYPES,
  MAX_EVENT_STREAMS_PER_ORGANIZATION,
  type Access,
} from '@contract';
import type { TokenVerifier } from '../auth/firebase';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { EventType } from '../db/schema';
import { ApiError, invalidRequest, notFound } from '../lib/errors';
import type { KeySecrets } from '../lib/keys';
import { adminKeyRole } from '../plugins/access';
import { bearerToken } from '../plugins/auth';
import type { TeamsRepository } from '../repositories/teams';
import { createEventHub, type EventRow, type Subscriber } from './event-hub';
import type { EventNotifier } from './event-notifier';
import { eventKeyset } from './events';
import { webhookBody } from './webhooks';

type Log = { warn: (o: unknown, m?: string) => void; info?: (o: unknown, m?: string) => void };

export interface EventStreamSettings {
  /** The hub's poll (ms): PGlite's only wake-up, PostgreSQL's safety net. */
  pollMs: number;
  /** A comment (`: keep-alive`) is sent this often (ms). */
  heartbeatMs: number;
  /** The caller's credentials are checked again this often (ms). */
  recheckMs: number;
  maxPerOrganization: number;
  /** How far back each pass looks for events that committed late (ms). */
  lateCommitMs: number;
}

export const DEFAULT_EVENT_STREAM_SETTINGS: EventStreamSettings = {
  pollMs: 1_000,
  heartbeatMs: EVENT_STREAM_HEARTBEAT_SECONDS * 1_000,
  recheckMs: EVENT_STREAM_RECHECK_SECONDS * 1_000,
  maxPerOrganization: MAX_EVENT_STREAMS_PER_ORGANIZATION,
  lateCommitMs: 10_000,
};

/** Unread bytes after which a stream's client counts as stalled and is cut (it resumes). */
const MAX_UNREAD_BYTES = 1024 * 1024;
/** Ids a stream remembers having sent (what the catch-up and the hub both found). */
const SENT_MEMORY = 4_096;
/** Seconds a refused stream is told to wait. */
const STREAM_RETRY_AFTER_SECONDS = 30;
/** What the client's EventSource waits before reconnecting (ms), sent as `retry:`. */
const CLIENT_RETRY_MS = 3_000;

/** The SSE frame of one event: its id, type, and the body its webhook deliveries carry. */
export function sseFrame(row: Pick<EventRow, 'id' | 'type' | 'createdAt' | 'data'>): string {
  return `id: ${row.id}\nevent: ${row.type}\ndata: ${webhookBody(row)}\n\n`;
}

/** `job.succeeded,job.failed` → the set; every type when left out; 400 for an unknown one. */
export function parseTypes(raw: string | undefined): ReadonlySet<string> | null {
  if (raw === undefined) return null;
  const types = new Set<string>();
  for (const type of raw.split(',')) {
    if (!(EVENT_TYPES as readonly string[]).includes(type)) {
      throw invalidRequest(
        `Invalid query string: types: "${type.slice(0, 32)}" is not an event type (${EVENT_TYPES.join(', ')}).`,
      );
    }
    types.add(type);
  }
  return types;
}

export interface EventStreamsDeps {
  db: Database;
  notifier: EventNotifier;
  teams: TeamsRepository;
  keySecrets: KeySecrets;
  verifier: TokenVerifier;
  settings?: Partial<EventStreamSettings>;
  log: Log;
}

export function createEventStreams(deps: EventStreamsDeps) {
  const settings: EventStreamSettings = { ...DEFAULT_EVENT_STREAM_SETTINGS, ...deps.settings };
  const { db } = deps;
  const perOrganization = new Map<string, number>();
  const open = new Set<() => void>();
  const hub = createEventHub({ db, notifier: deps.notifier, settings, log: deps.log });
  const { join, leave } = hub;

  // ---------------------------------------------------------------- credentials

  /** Whether the caller may still read the stream: the same checks as the access hook. */
  async function stillAllowed(request: FastifyRequest, organizationId: string): Promise<boolean> {
    const access = request.routeOptions.config?.access as Access | undefined;
    if (access?.kind !== 'member') return false;
    let token: string | null;
    try {
      token = bearerToken(request);
    } catch {
      return false;
    }
    if (!token) return false;
    if (token.startsWith(ADMIN_KEY_PREFIX)) {
      const found = await deps.teams.adminKeyForCall(deps.keySecrets.hash(token));
      if (!found || found.organization.id !== organizationId) return false;
      const role = adminKeyRole(found.key.role, found.holderRole);
      return access.roles.includes(role) && access.roles.includes(found.holderRole);
    }
    try {
      const user = await deps.verifier.verifyIdToken(token, { checkRevoked: true });
      const found = await deps.teams.membershipFor(user.uid, organizationId);
      return found !== null && access.roles.includes(found.membership.role);
    } catch {
      return false;
    }
  }

  // ---------------------------------------------------------------- one stream

  /** Missed events after `after`, oldest first, bounded; 404/410 when it cannot resume. */
  async function catchUp(
    organizationId: string,
    after: string,
    types: ReadonlySet<string> | null,
  ): Promise<EventRow[]> {
    const keyset = await eventKeyset(db, organizationId, after);
    if (!keyset) {
      throw notFound(
        `No event ${after} in your organization to resume after (events are kept ${EVENT_RETENTION_DAYS} days): reconnect without Last-Event-ID.`,
      );
    }
    const tooOld = new ApiError(
      'gone',
      `More than ${EVENT_STREAM_CATCH_UP_EVENTS} events, or ${EVENT_STREAM_CATCH_UP_HOURS} hours, were missed since ${after}: read them with GET /v1/events, then reconnect without Last-Event-ID.`,
    );
    const typeList = types ? [...types] : null;
    const result = await db.execute(sql`
      select e.*, e.created_at < now() - make_interval(hours => ${EVENT_STREAM_CATCH_UP_HOURS}) as stale
      from events e
      where e.organization_id = ${organizationId}::uuid
        and (e.created_at, e.id) > (${keyset.at}::timestamptz, ${keyset.id}::text)
        ${
          typeList
            ? sql`and e.type in (${sql.join(
                typeList.map((t) => sql`${t}`),
                sql`, `,
              )})`
            : sql``
        }
      order by e.created_at, e.id
      limit ${EVENT_STREAM_CATCH_UP_EVENTS + 1}`);
    const stale = rowsOf<{ stale: boolean }>(
      await db.execute(
        sql`select ${keyset.at}::timestamptz < now() - make_interval(hours => ${EVENT_STREAM_CATCH_UP_HOURS}) as stale`,
      ),
    )[0]?.stale;
    const rows = rowsOf<{
      id: string;
      organization_id: string;
      type: EventType;
      data: unknown;
      created_at: string | Date;
      dispatched_at: string | Date | null;
    }>(result);
    if (stale || rows.length > EVENT_STREAM_CATCH_UP_EVENTS) throw tooOld;
    return rows.map((row) => ({
      id: row.id,
      organizationId: row.organization_id,
      type: row.type,
      data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
      createdAt: new Date(row.created_at),
      dispatchedAt: row.dispatched_at === null ? null : new Date(row.dispatched_at),
    }));
  }

  async function stream(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { organizationId: string; types?: string; after?: string },
  ): Promise<FastifyReply> {
    const types = parseTypes(input.types);
    const { organizationId } = input;
    const count = perOrganization.get(organizationId) ?? 0;
    if (count >= settings.maxPerOrganization) {
      throw new ApiError(
        'rate_limited',
        `Your organization has ${settings.maxPerOrganization} event streams open, the most it may have at once. Close one, or try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
        {
          retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
          details: { scope: 'event_streams', limit: settings.maxPerOrganization },
        },
      );
    }
    perOrganization.set(organizationId, count + 1);
    const release = () => {
      const left = (perOrganization.get(organizationId) ?? 1) - 1;
      if (left > 0) perOrganization.set(organizationId, left);
      else perOrganization.delete(organizationId);
    };

    // Until the catch-up is written, what the hub finds waits here.
    let buffered: EventRow[] | null = [];
    const sent = new Map<string, true>();
    let write: (row: EventRow) => void = () => undefined;
    const subscriber: Subscriber = {
      organizationId,
      types,
      deliver(row) {
        if (buffered) buffered.push(row);
        else write(row);
      },
    };
    let missed: EventRow[] = [];
    try {
      await join(subscriber);
      if (input.after) missed = await catchUp(organizationId, input.after, types);
    } catch (error) {
      await leave(subscriber);
      release();
      throw error;
    }

    reply.hijack();
    const res = reply.raw;
    // No socket timeout: the heartbeat shows the stream is alive.
    request.raw.socket?.setTimeout(0);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = Array.isArray(value) ? value : String(value);
    }
    res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });

    let closed = false;
    let heartbeat: NodeJS.Timeout | null = null;
    let recheck: NodeJS.Timeout | null = null;
    const close = () => {
      if (closed) return;
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      if (recheck) clearTimeout(recheck);
      open.delete(close);
      release();
      void leave(subscriber);
      if (!res.writableEnded) res.end();
    };
    open.add(close);
    res.on('close', close);
    res.on('error', close);

    const send = (text: string) => {
      if (closed) return;
      res.write(text);
      if (res.writableLength > MAX_UNREAD_BYTES) {
        deps.log.info?.({ organizationId }, 'event stream cut: its client reads too slowly');
        close();
      }
    };
    write = (row) => {
      if (sent.has(row.id)) return;
      sent.set(row.id, true);
      if (sent.size > SENT_MEMORY) sent.delete(sent.keys().next().value as string);
      send(sseFrame(row));
    };

    send(`retry: ${CLIENT_RETRY_MS}\n: connected\n\n`);
    for (const row of missed) write(row);
    const waiting = buffered;
    buffered = null;
    for (const row of waiting) write(row);

    heartbeat = setInterval(() => send(': keep-alive\n\n'), settings.heartbeatMs);
    heartbeat.unref();
    const checkAgain = () => {
      recheck = setTimeout(() => {
        void stillAllowed(request, organizationId)
          .catch(() => true) // The database is down: the hub's failures say so; keep the stream.
          .then((allowed) => {
            if (closed) return;
            if (!allowed) close();
            else checkAgain();
          });
      }, settings.recheckMs);
      recheck.unref();
    };
    checkAgain();
    return reply;
  }

  return {
    settings,
    stream,
    /** Runs a hub pass now (tests). */
    tick: hub.tick,
    /** Open streams of an organization in this process. */
    openStreams: (organizationId: string) => perOrganization.get(organizationId) ?? 0,
    /** Ends every stream (the server is closing; clients reconnect to another process). */
    async closeAll(): Promise<void> {
      for (const close of [...open]) close();
      await hub.running();
    },
  };
}
export type EventStreams = ReturnType<typeof createEventStreams>;
