/**
 * The status page's recorder: each answer of the account API and each live call of the metering
 * gateway is counted in memory (`record`: a map update, no I/O) and the counts are added to their
 * hour and day buckets in one statement every `flushMs` (default 5 s), so real traffic feeds the
 * status page without a write per call. If a flush fails (the database is away), its counts are
 * kept and added by the next one.
 *
 * Incidents follow the gateway's circuits: an opening opens the component's incident, a closing
 * resolves it, written at once and again by every flush until the database has taken them. The
 * process whose circuit opened an incident may die before its circuit closes; so a process whose
 * own circuit is closed and whose calls to the component succeed resolves an incident open longer
 * than `staleIncidentMs` (twice the circuit's open period): if the upstream still fails for the
 * others, their next failed attempt opens a new one.
 */
import type { FastifyBaseLogger } from 'fastify';
import { STATUS_LATENCY_BOUNDS_MS } from '@contract/status-data';
import { describeDatabaseError } from '../../lib/database-errors';
import { jobRan } from '../../lib/jobs';
import type { OutcomeBatch, StatusRepository } from '../../repositories/status';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Old buckets are pruned about once an hour by each process. */
const PRUNE_EVERY_MS = HOUR_MS;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

interface Pending {
  component: string;
  hour: number;
  calls: number;
  failures: number;
  latency: number[];
}

/** The bucket of a latency: the first bound it does not exceed, or the last (unbounded) one. */
export function latencyBucket(ms: number): number {
  for (let i = 0; i < STATUS_LATENCY_BOUNDS_MS.length; i++) {
    if (ms <= STATUS_LATENCY_BOUNDS_MS[i]!) return i;
  }
  return STATUS_LATENCY_BOUNDS_MS.length;
}

/** What an answer's status says about availability: 4xx (the caller's) says nothing. */
export function outcomeOf(statusCode: number): 'ok' | 'failed' | null {
  if (statusCode >= 500) return 'failed';
  if (statusCode >= 400) return null;
  return 'ok';
}

export interface StatusRecorder {
  /** Counts one answer of a component (no I/O). */
  record(component: string, statusCode: number, ms: number): void;
  circuitOpened(components: readonly string[], cause: string | null): void;
  circuitClosed(components: readonly string[]): void;
  /** Writes what is pending (outcomes and incidents) now. */
  flush(): Promise<void>;
  start(): void;
  /** Stops the timer and writes what is pending. */
  stop(): Promise<void>;
  /** Called after every flush that wrote something (the report's cache listens). */
  onFlush(listener: () => void): void;
  useLogger(log: Log): void;
}

export function createStatusRecorder(options: {
  repo: StatusRepository;
  flushMs: number;
  /** An incident open this long is resolved by a process that serves the component again. */
  staleIncidentMs: number;
  log: Log;
}): StatusRecorder {
  const { repo, flushMs, staleIncidentMs } = options;
  /** Components whose circuit is open in this process. */
  const openHere = new Set<string>();
  let log = options.log;
  let pending = new Map<string, Pending>();
  /** Incident states not yet written: component → open (with its cause) or resolved. */
  const incidents = new Map<string, { open: boolean; cause: string | null }>();
  const listeners: Array<() => void> = [];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  let failing = false;
  let lastPrune = 0;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  function merge(into: Map<string, Pending>, entry: Pending) {
    const id = `${entry.component}\u0000${entry.hour}`;
    const existing = into.get(id);
    if (!existing) {
      into.set(id, entry);
      return;
    }
    existing.calls += entry.calls;
    existing.failures += entry.failures;
    for (let i = 0; i < entry.latency.length; i++) existing.latency[i]! += entry.latency[i]!;
  }

  /** The hour rows of a flush and the day rows they add up to. */
  function batchOf(entries: Pending[]): OutcomeBatch[] {
    const days = new Map<string, OutcomeBatch>();
    const batch: OutcomeBatch[] = [];
    for (const entry of entries) {
      batch.push({
        component: entry.component,
        width: 'hour',
        bucket: new Date(entry.hour),
        calls: entry.calls,
        failures: entry.failures,
        latency: entry.latency,
      });
      const day = entry.hour - (entry.hour % DAY_MS);
      const id = `${entry.component}\u0000${day}`;
      const sum = days.get(id);
      if (!sum) {
        days.set(id, {
          component: entry.component,
          width: 'day',
          bucket: new Date(day),
          calls: entry.calls,
          failures: entry.failures,
          latency: [...entry.latency],
        });
      } else {
        sum.calls += entry.calls;
        sum.failures += entry.failures;
        entry.latency.forEach((count, i) => (sum.latency[i]! += count));
      }
    }
    return [...batch, ...days.values()];
  }

  async function writeIncidents(): Promise<boolean> {
    let wrote = false;
    for (const [component, wanted] of [...incidents.entries()]) {
      if (wanted.open) await repo.openIncident(component, wanted.cause);
      else await repo.resolveIncident(component);
      // A newer event for the component (during the write) stays to be written.
      if (incidents.get(component) === wanted) incidents.delete(component);
      wrote = true;
    }
    return wrote;
  }

  async function flushOnce(): Promise<void> {
    const taken = pending;
    pending = new Map();
    try {
      let wrote = await writeIncidents();
      if (taken.size > 0) {
        await repo.addOutcomes(batchOf([...taken.values()]));
        wrote = true;
        // Served again here, with this process's circuit closed: an old incident is over.
        const served = new Set(
          [...taken.values()]
            .filter((entry) => entry.calls > entry.failures && !openHere.has(entry.component))
            .map((entry) => entry.component),
        );
        for (const component of served) {
          if (!incidents.has(component))
            await repo.resolveStaleIncident(component, staleIncidentMs);
        }
      }
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await repo.prune();
      }
      if (failing) log.info('status rollups are written again');
      failing = false;
      if (wrote) notify();
    } catch (error) {
      // Kept for the next flush; one line when writing starts to fail, not one per flush.
      for (const entry of taken.values()) merge(pending, entry);
      if (!failing) {
        log.warn(
          { db: describeDatabaseError(error) },
          'status rollups not written; kept for the next flush',
        );
      }
      failing = true;
    } finally {
      jobRan('status_flush', flushMs);
    }
  }

  const flush = () => {
    // One flush at a time, in order: an incident's opening is written before its closing.
    running = running.then(flushOnce, flushOnce);
    return running;
  };

  return {
    record(component, statusCode, ms) {
      const outcome = outcomeOf(statusCode);
      if (!outcome) return;
      const now = Date.now();
      const hour = now - (now % HOUR_MS);
      const id = `${component}\u0000${hour}`;
      let entry = pending.get(id);
      if (!entry) {
        entry = {
          component,
          hour,
          calls: 0,
          failures: 0,
          latency: new Array<number>(STATUS_LATENCY_BOUNDS_MS.length + 1).fill(0),
        };
        pending.set(id, entry);
      }
      entry.calls += 1;
      if (outcome === 'failed') entry.failures += 1;
      // The latency of answers, not of failures (a timeout would say 30 s "latency").
      else entry.latency[latencyBucket(ms)]! += 1;
    },
    circuitOpened(components, cause) {
      // The gateway's words for the caller end with "Nothing was charged."; the incident says it
      // once, in its own words.
      const suffix = ' Nothing was charged.';
      const trimmed = cause?.endsWith(suffix) ? cause.slice(0, -suffix.length) : cause;
      const reason = trimmed?.slice(0, 300) || null;
      for (const component of components) {
        openHere.add(component);
        incidents.set(component, { open: true, cause: reason });
      }
      void flush();
    },
    circuitClosed(components) {
      for (const component of components) {
        openHere.delete(component);
        incidents.set(component, { open: false, cause: null });
      }
      void flush();
    },
    flush,
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), flushMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    onFlush(listener) {
      listeners.push(listener);
    },
    useLogger(next) {
      log = next;
    },
  };
}
