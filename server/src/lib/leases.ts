/**
 * The leases of the calls this process is running. A hold and an in-progress `Idempotency-Key`
 * record are taken with a lease on the database's clock (`HOLD_LEASE_MS`, 10 s); while the call
 * runs, this process renews them every quarter of a lease in one statement for all of its calls
 * (a heartbeat: no write per call). A process that dies stops renewing: within a lease its holds
 * are released by whichever process sweeps next (every half lease), so the wallet is whole again
 * in seconds, and a retry with the same key takes its record over.
 *
 * A process that is alive but cannot reach the database for longer than a lease loses its leases
 * too; the capture is fenced for that case (see vapi_capture): its answer is charged once or not
 * at all, never twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CallsRepository } from '../repositories/calls';
import { describeDatabaseError } from './database-errors';
import { jobRan } from './jobs';

/** Holds taken before leases existed are released this long after they were taken. */
export const LEGACY_HOLD_TIMEOUT_MS = 5 * 60_000;

export interface LeaseKeeper {
  readonly leaseMs: number;
  /** Keeps a running call's hold and record leased; call the returned function when it ends. */
  track(call: { holdId?: string | null; attempt?: string | null }): () => void;
  /** One heartbeat: renews every tracked lease. */
  renew(): Promise<void>;
  /** One sweep: releases the holds whose lease lapsed; returns how many. */
  sweep(): Promise<number>;
  /** Starts the heartbeat and the sweep timers. */
  start(): void;
  stop(): void;
  /** Calls being tracked (for metrics and tests). */
  size(): number;
  /** Writes to the server's logger from now on. */
  useLogger(log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>): void;
}

export function createLeaseKeeper(options: {
  calls: CallsRepository;
  leaseMs: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}): LeaseKeeper {
  const { calls, leaseMs } = options;
  let log = options.log;
  // Reference counts: a hold or an attempt may be tracked by two overlapping phases of a call.
  const holds = new Map<string, number>();
  const attempts = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | null = null;
  let sweeper: NodeJS.Timeout | null = null;
  let renewing = false;
  let sweeping = false;
  // One line when the heartbeat starts failing and one when it recovers, not one per beat.
  let failingSince: number | null = null;

  const add = (map: Map<string, number>, id: string) => map.set(id, (map.get(id) ?? 0) + 1);
  const remove = (map: Map<string, number>, id: string) => {
    const left = (map.get(id) ?? 1) - 1;
    if (left <= 0) map.delete(id);
    else map.set(id, left);
  };

  const keeper: LeaseKeeper = {
    leaseMs,

    track(call) {
      const holdId = call.holdId ?? null;
      const attempt = call.attempt ?? null;
      if (holdId) add(holds, holdId);
      if (attempt) add(attempts, attempt);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        if (holdId) remove(holds, holdId);
        if (attempt) remove(attempts, attempt);
      };
    },

    async renew() {
      if (renewing || (holds.size === 0 && attempts.size === 0)) return;
      renewing = true;
      try {
        await calls.renew([...holds.keys()], [...attempts.keys()], leaseMs);
        if (failingSince !== null) {
          log.info(
            { down_ms: Date.now() - failingSince },
            'lease heartbeat reaches the database again',
          );
          failingSince = null;
        }
      } catch (error) {
        if (failingSince === null) {
          failingSince = Date.now();
          log.warn(
            { db: describeDatabaseError(error) },
            'lease heartbeat failed; retrying every beat',
          );
        }
      } finally {
        renewing = false;
      }
    },

    async sweep() {
      if (sweeping) return 0;
      sweeping = true;
      let released = 0;
      try {
        const lapsed = await calls.lapsedHolds(200, LEGACY_HOLD_TIMEOUT_MS);
        for (const id of lapsed) {
          // One transaction per hold, so a wallet is never locked for long.
          if (await calls.release(id)) released += 1;
        }
        if (released > 0) log.warn({ released }, 'released the holds of calls whose lease lapsed');
      } catch (error) {
        log.warn({ db: describeDatabaseError(error) }, 'hold sweep failed; retrying next time');
      } finally {
        sweeping = false;
      }
      return released;
    },

    start() {
      if (heartbeat) return;
      // Each run is noted for the metrics' job lag (a stuck beat shows there before leases lapse).
      const beat = Math.max(250, Math.floor(leaseMs / 4));
      const sweepEvery = Math.max(500, Math.floor(leaseMs / 2));
      heartbeat = setInterval(
        () => void keeper.renew().finally(() => jobRan('lease_heartbeat', beat)),
        beat,
      );
      sweeper = setInterval(
        () => void keeper.sweep().finally(() => jobRan('hold_sweep', sweepEvery)),
        sweepEvery,
      );
      heartbeat.unref();
      sweeper.unref();
    },

    stop() {
      if (heartbeat) clearInterval(heartbeat);
      if (sweeper) clearInterval(sweeper);
      heartbeat = null;
      sweeper = null;
    },

    size: () => Math.max(holds.size, attempts.size),

    useLogger(logger) {
      log = logger;
    },
  };
  return keeper;
}
