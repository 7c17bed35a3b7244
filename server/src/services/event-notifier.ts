/**
 * One `LISTEN` connection per process and channel (PostgreSQL only), shared by whatever reacts to
 * the channel's notifications:
 *   - `vapi_events` (createEventNotifier): the webhook dispatcher and the event streams' hub.
 *     vapi_publish_event NOTIFYs at commit with the event's id.
 *   - `vapi_keys` (createKeyChangeNotifier): the services host's cache of API keys (migration
 *     0029 NOTIFYs at the commit of any change to a key, an organization or a price that a
 *     call's checks read).
 * Each subscriber is called with the payload, and with `null` when the connection (re)opens
 * (what was notified while it was down is for the subscriber to catch up on). The connection is
 * opened by the first `start()` and closed by the last `stop()`; a lost one is reopened with
 * backoff. Without a database URL (PGlite) nothing is opened.
 */
import { describeDatabaseError } from '../lib/database-errors';

type Log = { warn: (o: unknown, m?: string) => void };
export type EventNotification = (eventId: string | null) => void;

export interface EventNotifier {
  subscribe(listener: EventNotification): () => void;
  start(): void;
  stop(): Promise<void>;
  /** Whether the LISTEN connection is up. */
  listening(): boolean;
}

export function createEventNotifier(deps: { databaseUrl?: string; log: Log }): EventNotifier {
  return createListener(
    'vapi_events',
    (payload) => (/^evt_[0-9a-f]{24}$/.test(payload) ? payload : null),
    deps,
  );
}

/** Any change a services process's key cache must drop its entries for (payload unused). */
export function createKeyChangeNotifier(deps: { databaseUrl?: string; log: Log }): EventNotifier {
  return createListener('vapi_keys', () => null, deps);
}

function createListener(
  channel: 'vapi_events' | 'vapi_keys',
  parse: (payload: string) => string | null,
  deps: { databaseUrl?: string; log: Log },
): EventNotifier {
  const listeners = new Set<EventNotification>();
  let users = 0;
  let connection: { end(): Promise<void> } | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let stopped = true;

  const notify = (eventId: string | null) => {
    for (const listener of listeners) {
      try {
        listener(eventId);
      } catch (error) {
        deps.log.warn({ err: error }, 'event notification listener failed');
      }
    }
  };

  async function listen(attempt = 0): Promise<void> {
    if (stopped || !deps.databaseUrl) return;
    const pg = (await import('pg')).default;
    const client = new pg.Client({
      connectionString: deps.databaseUrl,
      connectionTimeoutMillis: 3_000,
    });
    let lost = false;
    const retry = () => {
      if (lost || stopped) return;
      lost = true;
      connection = null;
      void client.end().catch(() => undefined);
      const delay = Math.min(30_000, 500 * 2 ** Math.min(attempt, 6));
      reconnectTimer = setTimeout(() => void listen(attempt + 1), delay);
      reconnectTimer.unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (message) => {
      const payload = message.payload;
      notify(typeof payload === 'string' ? parse(payload) : null);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (stopped) {
        lost = true;
        await client.end().catch(() => undefined);
        return;
      }
      attempt = 0;
      connection = {
        end: async () => {
          lost = true;
          await client.end().catch(() => undefined);
        },
      };
      notify(null);
    } catch (error) {
      deps.log.warn(
        { db: describeDatabaseError(error) },
        channel === 'vapi_events'
          ? 'event listener could not connect; polling'
          : 'key change listener could not connect; keys are read on every call until it does',
      );
      retry();
    }
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      users += 1;
      if (users > 1 || !deps.databaseUrl) return;
      stopped = false;
      void listen();
    },
    async stop() {
      if (users === 0) return;
      users -= 1;
      if (users > 0) return;
      stopped = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      await connection?.end();
      connection = null;
    },
    listening: () => connection !== null,
  };
}
