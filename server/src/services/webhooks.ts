/**
 * Webhooks (issue 35): endpoints, the dispatcher that fans the events outbox into deliveries, and
 * the delivery worker that signs and sends them (Standard Webhooks) with retries.
 *
 * - Fan-out: every event of the outbox with `dispatched_at` null becomes one delivery per enabled
 *   endpoint of its organization that subscribes to its type, in one statement that also marks
 *   the event dispatched; `unique (event_id, endpoint_id)` makes it exactly once, whatever the
 *   number of processes. Woken by `LISTEN vapi_events` on PostgreSQL (NOTIFY at commit) and by a
 *   short poll (the only wake-up on PGlite, and the safety net on PostgreSQL).
 * - Delivery: a due delivery is claimed (`status = 'delivering'` with a lease, by one UPDATE whose
 *   condition is re-checked under the row lock, so two processes never attempt it together; a
 *   dead process's lease lapses), sent with the SSRF-safe fetcher (no redirects, a total timeout),
 *   and its attempt logged. Any non-2xx or no answer is retried at the times of
 *   WEBHOOK_RETRY_SCHEDULE_SECONDS after the first attempt; when the last one fails the delivery is
 *   `failed`, the endpoint disabled (`failing`) and the organization's owner e-mailed.
 * - Bounds: at most CLAIM_BATCH deliveries in flight per process and PER_ORGANIZATION of one
 *   organization among them; answers read up to 1 KB; deliveries kept WEBHOOK_RETENTION_DAYS.
 *
 * The schedule runs on an injectable clock (`useClock`), so tests move time instead of waiting.
 * Delivery attempts are rows of our own tables rather than pg-boss jobs: the attempt log is the
 * queue, and the schedule must be exact on the injected clock.
 */
import { createHmac, randomBytes } from 'node:crypto';
import dns from 'node:dns/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_WEBHOOK_ATTEMPTS,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EXCERPT_BYTES,
  WEBHOOK_RETENTION_DAYS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@contract';
import type { Mailer } from '../billing/mailer';
import { mailSafeName } from '../billing/mailer';
import type { Database, Executor } from '../db/client';
import {
  events,
  organizations,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookAttemptTrigger,
} from '../db/schema';
import { describeDatabaseError } from '../lib/database-errors';
import { ApiError, conflict, invalidRequest, notFound } from '../lib/errors';
import { jobRan } from '../lib/jobs';
import { generateId, type KeySecrets } from '../lib/keys';
import {
  checkUrl,
  forbiddenAddressReason,
  safeFetch,
  SafeFetchError,
  type LookupAll,
} from '../lib/safe-fetch';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../repositories/audit';
import { createEventNotifier, type EventNotifier } from './event-notifier';
import { publishEvent, sweepEvents } from './events';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;
type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface WebhookSettings {
  /** The short poll of the outbox and of due retries (ms). */
  pollMs: number;
  /** A receiver's whole answer must arrive within this (ms). */
  timeoutMs: number;
  /** A claimed delivery is another process's to retry after this (ms). */
  leaseMs: number;
  /** Whether the app runs the dispatcher and delivery worker (tests of other parts may not). */
  worker: boolean;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  pollMs: 1_000,
  timeoutMs: WEBHOOK_TIMEOUT_SECONDS * 1_000,
  leaseMs: 60_000,
  worker: true,
};

/** Deliveries one claim takes (in flight at once per process). */
const CLAIM_BATCH = 16;
/** Of one organization among them: one organization's backlog cannot hold up the others. */
const PER_ORGANIZATION = 4;
/** Events fanned out per statement. */
const DISPATCH_BATCH = 200;
const RETENTION_SWEEP_MS = 10 * 60_000;
/** Attempts listed per delivery. */
const ATTEMPTS_LISTED = 20;

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (Standard Webhooks' format). */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with the secret's decoded bytes. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`, 'utf8');
  return `v1,${mac.digest('base64')}`;
}

/** The JSON body of an event's deliveries: the same bytes on every attempt. */
export function webhookBody(event: { type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: event.data,
  });
}

/** A receiver's answer as the log keeps it: ≤ 1 KB of text, control characters removed. */
export function answerExcerpt(bytes: Buffer): string {
  const text = bytes
    .subarray(0, WEBHOOK_EXCERPT_BYTES)
    .toString('utf8')
    // Control and format characters (bidi overrides, zero-width), not newlines and tabs.
    .replace(/(?![\n\t])[\p{Cc}\p{Cf}\uFFFD]/gu, '');
  return text;
}

const redactedSecret = (secret: string) => `${WEBHOOK_SECRET_PREFIX}…${secret.slice(-4)}`;

export function presentEndpoint(row: EndpointRow, secret: string): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    disabled_at: row.disabledAt?.toISOString() ?? null,
    secret_redacted: redactedSecret(secret),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function presentAttempt(row: AttemptRow): WebhookAttempt {
  return {
    at: row.at.toISOString(),
    trigger: row.trigger,
    status_code: row.statusCode,
    error: row.error,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
  };
}

function presentDelivery(
  row: DeliveryRow,
  attempts: AttemptRow[],
  attemptsCount: number,
): WebhookDelivery {
  return {
    id: row.id,
    webhook_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts_count: attemptsCount,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    attempts: attempts.map(presentAttempt),
  };
}

/** Why an attempt got no answer, in words for the log (never the receiver's own error text). */
function attemptError(error: unknown): string {
  if (error instanceof SafeFetchError) {
    switch (error.reason) {
      case 'timeout':
        return 'timeout: the endpoint did not answer in time';
      case 'forbidden_address':
        return `refused: ${error.message.replace(/ it is not fetched\.$/, '').replace(/\.$/, '')}`;
      case 'invalid_url':
        return `refused: ${error.message}`;
      default:
        return `unreachable: ${error.message.replace('The image server', 'The endpoint')}`;
    }
  }
  return 'unreachable: the endpoint could not be reached';
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: unknown }).rows ?? result) as T[];

export interface WebhooksDeps {
  db: Database;
  /** PostgreSQL: the connection string of a LISTEN connection of its own (without `notifier`). */
  databaseUrl?: string;
  /** The process's shared LISTEN connection (app.ts); without it, one of its own. */
  notifier?: EventNotifier;
  keySecrets: KeySecrets;
  mailer: Mailer;
  local: boolean;
  siteUrl: string;
  settings?: Partial<WebhookSettings>;
  log?: Log;
  /** The resolver of endpoint host names (tests answer private addresses for public names). */
  lookup?: LookupAll;
}

export function createWebhooks(deps: WebhooksDeps) {
  const settings: WebhookSettings = { ...DEFAULT_WEBHOOK_SETTINGS, ...deps.settings };
  const db = deps.db;
  let log: Log =
    deps.log ??
    ({
      info: () => undefined,
      warn: (o: unknown, m?: string) => console.warn(m, o),
      error: (o: unknown, m?: string) => console.error(m, o),
    } as never);
  let now = () => Date.now();
  const at = () => new Date(now());

  const secretOf = (row: EndpointRow) => deps.keySecrets.decrypt(row.secretEncrypted);

  // ---------------------------------------------------------------- endpoint URLs

  /** Checks an endpoint URL: https (http in local mode), a public address, a resolvable-safe name. */
  async function checkEndpointUrl(raw: string): Promise<string> {
    let url: URL;
    try {
      url = checkUrl(raw, deps.local);
    } catch (error) {
      const reason = error instanceof SafeFetchError ? error.reason : 'invalid_url';
      const message = error instanceof SafeFetchError ? error.message : 'The URL is not valid.';
      throw invalidRequest(
        `Invalid request body: url: ${message
          .replace(/; it is not fetched\.$/, '.')
          .replace('can be fetched', 'can receive webhooks')
          .replace('are not fetched', 'are not accepted')}`,
        { reason },
      );
    }
    if (url.protocol !== 'https:' && !deps.local) {
      throw invalidRequest('Invalid request body: url must be an https URL.', {
        reason: 'invalid_url',
      });
    }
    // A name that resolves to a private address now is refused now; one that does later is
    // refused at delivery (the fetcher checks the address it connects to). A name that does not
    // resolve yet is accepted: its deliveries fail and are logged until it does.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (!/^[\d.]+$/.test(host) && !host.includes(':')) {
      const resolve = deps.lookup ?? ((name: string) => dns.lookup(name, { all: true }));
      let timer: NodeJS.Timeout | undefined;
      const answers = await Promise.race([
        resolve(host),
        new Promise<{ address: string }[]>((done) => {
          timer = setTimeout(() => done([]), 2_000);
        }),
      ])
        .catch(() => [] as { address: string }[])
        .finally(() => clearTimeout(timer));
      for (const answer of answers) {
        const range = forbiddenAddressReason(answer.address, deps.local);
        if (range) {
          throw invalidRequest(
            `Invalid request body: url: the host resolves to an address that is not public (${range}).`,
            { reason: 'forbidden_address' },
          );
        }
      }
    }
    return url.toString();
  }

  // ---------------------------------------------------------------- endpoints

  async function findEndpoint(executor: Executor, organizationId: string, id: string) {
    const [row] = await executor
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, organizationId)));
    if (!row) throw notFound('No webhook endpoint with this id in your organization.');
    return row;
  }

  const endpoints = {
    async list(organizationId: string): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organizationId, organizationId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
      return rows.map((row) => presentEndpoint(row, secretOf(row)));
    },

    async get(organizationId: string, id: string): Promise<WebhookEndpoint> {
      const row = await findEndpoint(db, organizationId, id);
      return presentEndpoint(row, secretOf(row));
    },

    async create(
      organizationId: string,
      input: { url: string; events: string[]; description?: string },
      actor: Actor,
    ): Promise<WebhookEndpoint & { secret: string }> {
      const url = await checkEndpointUrl(input.url);
      const secret = generateWebhookSecret();
      const row = await db.transaction(async (tx) => {
        // One creation at a time per organization, so the limit holds under concurrent calls.
        await tx.execute(
          sql`select id from organizations where id = ${organizationId}::uuid for update`,
        );
        const [{ count } = { count: 0 }] = await tx
          .select({ count: sql<number>`count(*)::int` })
          .from(webhookEndpoints)
          .where(eq(webhookEndpoints.organizationId, organizationId));
        if (count >= MAX_WEBHOOK_ENDPOINTS) {
          throw conflict(
            `Your organization has ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints, the most it may have. Delete one first.`,
          );
        }
        const [created] = await tx
          .insert(webhookEndpoints)
          .values({
            id: generateId('we'),
            organizationId,
            url,
            description: input.description ?? '',
            events: [...new Set(input.events)],
            secretEncrypted: deps.keySecrets.encrypt(secret),
          })
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'webhook.created',
          target: created!.id,
          details: { url: created!.url, events: created!.events.join(' ') },
        });
        return created!;
      });
      return { ...presentEndpoint(row, secret), secret };
    },

    async update(
      organizationId: string,
      id: string,
      input: { url?: string; events?: string[]; description?: string; enabled?: boolean },
      actor: Actor,
    ): Promise<WebhookEndpoint> {
      const url = input.url === undefined ? undefined : await checkEndpointUrl(input.url);
      const row = await db.transaction(async (tx) => {
        const current = await findEndpoint(tx, organizationId, id);
        const change: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: at() };
        const details: Record<string, string | boolean> = {};
        if (url !== undefined && url !== current.url) {
          change.url = url;
          details.url = url;
        }
        if (input.events !== undefined) {
          change.events = [...new Set(input.events)];
          details.events = change.events.join(' ');
        }
        if (input.description !== undefined) {
          change.description = input.description;
          details.description_changed = true;
        }
        if (input.enabled !== undefined && input.enabled !== current.enabled) {
          change.enabled = input.enabled;
          change.disabledReason = input.enabled ? null : 'manual';
          change.disabledAt = input.enabled ? null : at();
          details.enabled = input.enabled;
        }
        const [updated] = await tx
          .update(webhookEndpoints)
          .set(change)
          .where(eq(webhookEndpoints.id, current.id))
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'webhook.updated',
          target: id,
          details,
        });
        return updated!;
      });
      if (input.enabled) wake();
      return presentEndpoint(row, secretOf(row));
    },

    async delete(organizationId: string, id: string, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await findEndpoint(tx, organizationId, id);
        await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
        await recordAudit(tx, actor, {
          organizationId,
          action: 'webhook.deleted',
          target: id,
          details: { url: row.url },
        });
      });
    },

    async rotateSecret(
      organizationId: string,
      id: string,
      previousHours: number,
      actor: Actor,
    ): Promise<WebhookEndpoint & { secret: string }> {
      const secret = generateWebhookSecret();
      const row = await db.transaction(async (tx) => {
        const current = await findEndpoint(tx, organizationId, id);
        const [updated] = await tx
          .update(webhookEndpoints)
          .set({
            secretEncrypted: deps.keySecrets.encrypt(secret),
            previousSecretEncrypted: previousHours > 0 ? current.secretEncrypted : null,
            previousSecretExpiresAt:
              previousHours > 0 ? new Date(now() + previousHours * 3_600_000) : null,
            updatedAt: at(),
          })
          .where(eq(webhookEndpoints.id, current.id))
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'webhook.secret_rotated',
          target: id,
          details: { previous_valid_hours: previousHours },
        });
        return updated!;
      });
      return { ...presentEndpoint(row, secret), secret };
    },
  };

  // ---------------------------------------------------------------- deliveries log

  async function attemptsOf(deliveryIds: string[]) {
    const byDelivery = new Map<string, AttemptRow[]>();
    const counts = new Map<string, number>();
    if (deliveryIds.length === 0) return { byDelivery, counts };
    const ids = sql.join(
      deliveryIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const [rows, totals] = await Promise.all([
      db
        .select()
        .from(webhookAttempts)
        .where(
          sql`${webhookAttempts.id} in (
            select id from (
              select id, row_number() over (partition by delivery_id order by at desc, id desc) as rank
              from webhook_attempts where delivery_id in (${ids})
            ) ranked where rank <= ${ATTEMPTS_LISTED})`,
        )
        .orderBy(desc(webhookAttempts.at), desc(webhookAttempts.id)),
      db
        .select({ deliveryId: webhookAttempts.deliveryId, total: sql<number>`count(*)::int` })
        .from(webhookAttempts)
        .where(inArray(webhookAttempts.deliveryId, deliveryIds))
        .groupBy(webhookAttempts.deliveryId),
    ]);
    for (const row of rows) {
      const list = byDelivery.get(row.deliveryId) ?? [];
      list.push(row);
      byDelivery.set(row.deliveryId, list);
    }
    for (const { deliveryId, total } of totals) counts.set(deliveryId, Number(total));
    return { byDelivery, counts };
  }

  async function presentDeliveries(rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
    const { byDelivery, counts } = await attemptsOf(rows.map((row) => row.id));
    return rows.map((row) =>
      presentDelivery(row, byDelivery.get(row.id) ?? [], counts.get(row.id) ?? 0),
    );
  }

  const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|(whd_[A-Za-z0-9_-]{16})$/;

  async function deliveriesPage(
    organizationId: string,
    endpointId: string,
    limit: number,
    cursor?: string,
  ) {
    await findEndpoint(db, organizationId, endpointId);
    let keyset: RegExpExecArray | null = null;
    if (cursor !== undefined) {
      keyset = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
      if (!keyset)
        throw invalidRequest('Invalid query string: cursor is not one this API returned.');
    }
    const conditions = [eq(webhookDeliveries.endpointId, endpointId)];
    if (keyset) {
      conditions.push(
        sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${keyset[1]}::timestamptz, ${keyset[2]})`,
      );
    }
    const found = await db
      .select({
        row: webhookDeliveries,
        at: sql<string>`to_char(${webhookDeliveries.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(webhookDeliveries)
      .where(and(...conditions))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit + 1);
    const page = found.slice(0, limit);
    const last = page[page.length - 1];
    return {
      deliveries: await presentDeliveries(page.map((r) => r.row)),
      next_cursor:
        found.length > limit && last
          ? Buffer.from(`${last.at}|${last.row.id}`, 'utf8').toString('base64url')
          : null,
    };
  }

  // ---------------------------------------------------------------- sending

  interface Claimed {
    delivery: DeliveryRow;
    endpoint: EndpointRow;
    event: typeof events.$inferSelect;
  }

  async function loadClaimed(ids: string[]): Promise<Claimed[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.id, ids));
    return rows;
  }

  interface AttemptOutcome {
    at: Date;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    excerpt: string;
    ok: boolean;
  }

  /** One POST of the event to the endpoint, signed; never throws. */
  async function send(claimed: Claimed): Promise<AttemptOutcome> {
    const started = at();
    const timestamp = Math.floor(started.getTime() / 1000);
    const body = webhookBody(claimed.event);
    const { endpoint } = claimed;
    const signatures = [signWebhook(secretOf(endpoint), claimed.event.id, timestamp, body)];
    if (
      endpoint.previousSecretEncrypted &&
      endpoint.previousSecretExpiresAt &&
      endpoint.previousSecretExpiresAt.getTime() > started.getTime()
    ) {
      signatures.push(
        signWebhook(
          deps.keySecrets.decrypt(endpoint.previousSecretEncrypted),
          claimed.event.id,
          timestamp,
          body,
        ),
      );
    }
    const clockStart = performance.now();
    try {
      const answer = await safeFetch(endpoint.url, {
        allowLoopback: deps.local,
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': claimed.event.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatures.join(' '),
        },
        userAgent: 'VisionAPI-Webhooks/1',
        maxBytes: WEBHOOK_EXCERPT_BYTES,
        truncate: true,
        followRedirects: false,
        acceptAnyStatus: true,
        totalTimeoutMs: settings.timeoutMs,
        connectTimeoutMs: Math.min(3_000, settings.timeoutMs),
        lookup: deps.lookup,
      });
      return {
        at: started,
        statusCode: answer.status,
        error: null,
        durationMs: Math.round(performance.now() - clockStart),
        excerpt: answerExcerpt(answer.bytes),
        ok: answer.status >= 200 && answer.status < 300,
      };
    } catch (error) {
      return {
        at: started,
        statusCode: null,
        error: attemptError(error),
        durationMs: Math.round(performance.now() - clockStart),
        excerpt: '',
        ok: false,
      };
    }
  }

  /** When the delivery's next scheduled attempt is due after `scheduled` attempts, or null. */
  function nextAttemptAt(firstAttemptAt: Date, scheduled: number): Date | null {
    const offset = WEBHOOK_RETRY_SCHEDULE_SECONDS[scheduled - 1];
    return offset === undefined ? null : new Date(firstAttemptAt.getTime() + offset * 1000);
  }

  /**
   * Records an attempt and moves the delivery on: succeeded, the next retry, or (the schedule ran
   * out) failed with its endpoint disabled. A replay's failure leaves the delivery as it was.
   */
  async function finish(
    claimed: Claimed,
    outcome: AttemptOutcome,
    trigger: WebhookAttemptTrigger,
    before: { status: DeliveryRow['status']; nextAttemptAt: Date | null },
  ): Promise<DeliveryRow> {
    const { delivery, endpoint } = claimed;
    let disabled: EndpointRow | null = null;
    const row = await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        at: outcome.at,
        trigger,
        statusCode: outcome.statusCode,
        error: outcome.error,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.excerpt,
      });
      const common = { lockedUntil: null, lastStatusCode: outcome.statusCode, updatedAt: at() };
      if (outcome.ok) {
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({
            ...common,
            status: 'succeeded',
            nextAttemptAt: null,
            ...(trigger !== 'replay' && {
              attempts: delivery.attempts + 1,
              firstAttemptAt: delivery.firstAttemptAt ?? outcome.at,
            }),
          })
          .where(eq(webhookDeliveries.id, delivery.id))
          .returning();
        return updated!;
      }
      if (trigger === 'replay') {
        const [updated] = await tx
          .update(webhookDeliveries)
          .set({ ...common, status: before.status, nextAttemptAt: before.nextAttemptAt })
          .where(eq(webhookDeliveries.id, delivery.id))
          .returning();
        return updated!;
      }
      const first = delivery.firstAttemptAt ?? outcome.at;
      const scheduled = delivery.attempts + 1;
      const next = nextAttemptAt(first, scheduled);
      const [updated] = await tx
        .update(webhookDeliveries)
        .set({
          ...common,
          attempts: scheduled,
          firstAttemptAt: first,
          status: next ? 'pending' : 'failed',
          nextAttemptAt: next,
        })
        .where(eq(webhookDeliveries.id, delivery.id))
        .returning();
      if (!next) {
        const [off] = await tx
          .update(webhookEndpoints)
          .set({ enabled: false, disabledReason: 'failing', disabledAt: at(), updatedAt: at() })
          .where(and(eq(webhookEndpoints.id, endpoint.id), eq(webhookEndpoints.enabled, true)))
          .returning();
        if (off) {
          disabled = off;
          await recordAudit(tx, SYSTEM_ACTOR, {
            organizationId: off.organizationId,
            action: 'webhook.updated',
            target: off.id,
            details: { enabled: false, reason: 'failing', event_id: delivery.eventId },
          });
        }
      }
      return updated!;
    });
    if (disabled) await mailOwner(disabled, claimed.delivery.eventId);
    return row;
  }

  async function mailOwner(endpoint: EndpointRow, eventId: string) {
    try {
      const [org] = await db
        .select({ name: organizations.name, ownerEmail: organizations.ownerEmail })
        .from(organizations)
        .where(eq(organizations.id, endpoint.organizationId));
      if (!org?.ownerEmail) return;
      const hours = WEBHOOK_RETRY_SCHEDULE_SECONDS.at(-1)! / 3600;
      await deps.mailer.send({
        to: org.ownerEmail,
        subject: 'A VisionAPI webhook endpoint was disabled',
        text: [
          `Deliveries to a webhook endpoint of the organization ${mailSafeName(org.name)} failed for ${hours} hours (${WEBHOOK_RETRY_SCHEDULE_SECONDS.length + 1} attempts), so it was disabled and no more events are sent to it.`,
          '',
          `Endpoint: ${endpoint.id} (${mailSafeName(new URL(endpoint.url).host)})`,
          `Last event: ${eventId}`,
          '',
          `See each attempt's answer, fix the endpoint, then enable it again and replay what it missed: ${deps.siteUrl}/settings/webhooks/`,
        ].join('\n'),
      });
    } catch (error) {
      log.error({ err: error }, 'webhook endpoint disabled: the e-mail to the owner failed');
    }
  }

  // ---------------------------------------------------------------- the worker

  /** Fans new events out into deliveries; returns how many events it dispatched. */
  async function dispatch(): Promise<number> {
    const nowIso = at().toISOString();
    const result = await db.execute(sql`
      with picked as (
        select id, organization_id, type from events
        where dispatched_at is null
        order by created_at
        limit ${DISPATCH_BATCH}
        for update skip locked
      ), fanned as (
        insert into webhook_deliveries (id, organization_id, endpoint_id, event_id, event_type, next_attempt_at)
        select 'whd_' || substr(md5(gen_random_uuid()::text || e.id), 1, 16),
               p.organization_id, e.id, p.id, p.type, ${nowIso}::timestamptz
        from picked p
        join webhook_endpoints e
          on e.organization_id = p.organization_id and e.enabled and p.type = any(e.events)
        on conflict (event_id, endpoint_id) do nothing
        returning 1
      )
      update events set dispatched_at = now()
      from picked where events.id = picked.id
      returning events.id, (select count(*) from fanned)::int as fanned`);
    return rowsOf(result).length;
  }

  /** Claims due deliveries (bounded, fair between organizations) and sends them. */
  async function deliverDue(): Promise<number> {
    const nowIso = at().toISOString();
    const lease = new Date(now() + settings.leaseMs).toISOString();
    const due = sql`((d.status = 'pending' and d.next_attempt_at <= ${nowIso}::timestamptz)
      or (d.status = 'delivering' and d.locked_until <= ${nowIso}::timestamptz))`;
    const claimed = rowsOf<{ id: string }>(
      await db.execute(sql`
        update webhook_deliveries d
        set status = 'delivering', locked_until = ${lease}::timestamptz, updated_at = now()
        where d.id in (
          select id from (
            select d.id, d.next_attempt_at,
              row_number() over (partition by d.organization_id order by d.next_attempt_at, d.id) as rank
            from webhook_deliveries d
            join webhook_endpoints e on e.id = d.endpoint_id and e.enabled
            where ${due}
          ) ranked
          where rank <= ${PER_ORGANIZATION}
          order by next_attempt_at
          limit ${CLAIM_BATCH}
        ) and ${due}
        returning d.id`),
    );
    const work = await loadClaimed(claimed.map((row) => row.id));
    await Promise.all(
      work.map(async (item) => {
        const outcome = await send(item);
        // One delivery's failure to record (its endpoint deleted meanwhile, the database gone)
        // does not stop the others; its lease lapses and it is tried again.
        await finish(item, outcome, 'scheduled', { status: 'pending', nextAttemptAt: null }).catch(
          (error: unknown) =>
            log.warn(
              { db: describeDatabaseError(error), delivery: item.delivery.id },
              'webhook attempt could not be recorded',
            ),
        );
      }),
    );
    return claimed.length;
  }

  /** The worker's timers and listener run (start() to stop()). */
  let stopped = true;
  /** stop() was called: a pass in flight ends after its current claim. */
  let closing = false;
  let running: Promise<void> | null = null;
  let again = false;
  let pollTimer: NodeJS.Timeout | null = null;
  let lastSweep = 0;
  // PostgreSQL: the process's LISTEN connection (shared with the event streams) wakes a pass.
  const notifier =
    deps.notifier ??
    createEventNotifier({ databaseUrl: deps.databaseUrl, log: { warn: (o, m) => log.warn(o, m) } });
  let unsubscribe: (() => void) | null = null;

  async function sweep() {
    if (now() - lastSweep < RETENTION_SWEEP_MS) return;
    lastSweep = now();
    const cutoff = new Date(now() - WEBHOOK_RETENTION_DAYS * 86_400_000).toISOString();
    await db.execute(sql`
      delete from webhook_deliveries where id in (
        select id from webhook_deliveries
        where created_at < ${cutoff}::timestamptz and status in ('succeeded', 'failed')
        limit 1000)`);
    // Events (and what is left of their deliveries) after EVENT_RETENTION_DAYS.
    await sweepEvents(db);
  }

  /** One pass: dispatch new events, then send what is due, until nothing is left. */
  async function runOnce(): Promise<void> {
    do {
      again = false;
      let dispatched = DISPATCH_BATCH;
      while (dispatched >= DISPATCH_BATCH) dispatched = await dispatch();
      // Until nothing is due (a claim takes at most PER_ORGANIZATION of one organization).
      while (!closing && (await deliverDue()) > 0);
      await sweep();
    } while (again && !closing);
    jobRan('webhook_deliveries', settings.pollMs);
  }

  /** Runs a pass now (or right after the one running); resolves when it is done. */
  function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = runOnce()
      .catch((error: unknown) => {
        log.warn(
          { db: describeDatabaseError(error) },
          'webhook worker pass failed; retrying at the next poll',
        );
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  function wake() {
    if (!stopped) void tick();
  }

  function schedulePoll() {
    if (stopped) return;
    pollTimer = setTimeout(() => {
      void tick().finally(schedulePoll);
    }, settings.pollMs);
    // Never what keeps a process alive: the servers' sockets do that.
    pollTimer.unref();
  }

  // ---------------------------------------------------------------- member actions

  /** Claims one delivery for an attempt made now by a member (replay). */
  async function claimForReplay(organizationId: string, deliveryId: string) {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints, event: events })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
        .where(
          and(
            eq(webhookDeliveries.id, deliveryId),
            eq(webhookDeliveries.organizationId, organizationId),
          ),
        )
        .for('update', { of: webhookDeliveries });
      if (!row) throw notFound('No webhook delivery with this id in your organization.');
      if (!row.endpoint.enabled) {
        throw conflict('The endpoint is disabled: enable it before replaying a delivery.');
      }
      const lockedUntil = row.delivery.lockedUntil?.getTime() ?? 0;
      if (row.delivery.status === 'delivering' && lockedUntil > now()) {
        throw new ApiError(
          'conflict',
          'An attempt of this delivery is in flight; replay it once it has finished.',
          { retryAfterSeconds: Math.ceil(settings.timeoutMs / 1000) },
        );
      }
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(webhookAttempts)
        .where(eq(webhookAttempts.deliveryId, deliveryId));
      if (count >= MAX_WEBHOOK_ATTEMPTS) {
        throw conflict(
          `This delivery has had ${MAX_WEBHOOK_ATTEMPTS} attempts, the most one may have.`,
        );
      }
      const before = {
        status: row.delivery.status === 'delivering' ? 'pending' : row.delivery.status,
        nextAttemptAt: row.delivery.nextAttemptAt,
      } as const;
      await tx
        .update(webhookDeliveries)
        .set({ status: 'delivering', lockedUntil: new Date(now() + settings.leaseMs) })
        .where(eq(webhookDeliveries.id, deliveryId));
      return { claimed: row, before };
    });
  }

  async function oneDelivery(row: DeliveryRow): Promise<WebhookDelivery> {
    const [presented] = await presentDeliveries([row]);
    return presented!;
  }

  return {
    settings,
    endpoints,
    deliveriesPage,

    async replay(organizationId: string, deliveryId: string): Promise<WebhookDelivery> {
      const { claimed, before } = await claimForReplay(organizationId, deliveryId);
      const outcome = await send(claimed);
      return oneDelivery(await finish(claimed, outcome, 'replay', before));
    },

    /** "Send test event": a `test` event for this endpoint only; its first attempt made now. */
    async sendTest(organizationId: string, endpointId: string): Promise<WebhookDelivery> {
      const claimed = await db.transaction(async (tx) => {
        const endpoint = await findEndpoint(tx, organizationId, endpointId);
        if (!endpoint.enabled) {
          throw conflict('The endpoint is disabled: enable it before sending a test event.');
        }
        const { id } = await publishEvent(tx, organizationId, 'test', {
          webhook_id: endpoint.id,
          message: 'A test event sent from VisionAPI.',
        });
        // Aimed at this endpoint alone: the dispatcher does not fan it out.
        const [event] = await tx
          .update(events)
          .set({ dispatchedAt: sql`now()` })
          .where(eq(events.id, id))
          .returning();
        const [delivery] = await tx
          .insert(webhookDeliveries)
          .values({
            id: generateId('whd'),
            organizationId,
            endpointId,
            eventId: id,
            eventType: 'test',
            status: 'delivering',
            lockedUntil: new Date(now() + settings.leaseMs),
            nextAttemptAt: at(),
          })
          .returning();
        return { delivery: delivery!, endpoint, event: event! };
      });
      const outcome = await send(claimed);
      return oneDelivery(
        await finish(claimed, outcome, 'test', { status: 'pending', nextAttemptAt: null }),
      );
    },

    /** Runs one pass of the worker now (tests, and a NOTIFY). */
    tick,

    /** PostgreSQL: whether the LISTEN connection is up (the poll covers the gaps). */
    listening: () => notifier.listening(),

    /** The clock the schedule runs on (tests move it). */
    useClock(clock: () => number) {
      now = clock;
    },

    useLogger(logger: Log) {
      log = logger;
    },

    start() {
      if (!stopped || !settings.worker) return;
      stopped = false;
      closing = false;
      schedulePoll();
      unsubscribe = notifier.subscribe(() => wake());
      notifier.start();
      void tick();
    },

    async stop() {
      stopped = true;
      closing = true;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      if (unsubscribe) {
        unsubscribe();
        unsubscribe = null;
        await notifier.stop();
      }
      await running;
    },
  };
}
export type Webhooks = ReturnType<typeof createWebhooks>;
