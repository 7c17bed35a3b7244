/**
 * Prometheus metrics for operators (prom-client), one registry per process: both servers' HTTP
 * answers, the metering gateway's calls, charges and upstreams, holds, refunds, the database pool
 * and the background jobs. Served by metrics-server.ts on METRICS_PORT (off by default, loopback
 * by default), never by the public servers. Counting is a map update per answer; the gauges that
 * need the database (holds open) are read when Prometheus scrapes, not on the hot path.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';
import { jobLags } from './jobs';

/** Seconds: from a cached answer to a slow upstream's whole-call timeout (30 s). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface CircuitReading {
  origin: string;
  state: 'closed' | 'open' | 'half_open';
  consecutive_failures: number;
}

export interface MetricsSources {
  poolStats?: () => PoolStats;
  /** Holds still open in the database (every process's). */
  holdsOpen?: () => Promise<number>;
  /** Calls this process is running under a lease. */
  callsInFlight?: () => number;
}

const CIRCUIT_VALUE = { closed: 0, half_open: 1, open: 2 } as const;

let processMetrics: Registry | undefined;

/**
 * The process's own metrics (GC, event loop, memory, handles), collected once per process and
 * shown in every registry of it. prom-client's GC observer is never disconnected, so whatever
 * registry it writes to lives as long as the process: with one collection per createMetrics,
 * each set of servers a process built (tests build dozens) stayed reachable through its
 * registry's gauges, database included.
 */
function processRegistry(): Registry {
  if (!processMetrics) {
    processMetrics = new Registry();
    collectDefaultMetrics({ register: processMetrics });
  }
  return processMetrics;
}

export function createMetrics(sources: MetricsSources = {}) {
  const registry = new Registry();
  let circuits: () => CircuitReading[] = () => [];

  const httpRequests = new Counter({
    name: 'visionapi_http_requests_total',
    help: 'Answers of the account API and the services host, by route template and status.',
    labelNames: ['server', 'method', 'route', 'status'] as const,
    registers: [registry],
  });
  const httpDuration = new Histogram({
    name: 'visionapi_http_request_duration_seconds',
    help: 'Time from the request to the answer, by route template.',
    labelNames: ['server', 'method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const meteredCalls = new Counter({
    name: 'visionapi_metered_calls_total',
    help:
      'Image calls of the services host by deployment and outcome: charged (200, live key), ' +
      'replayed (an Idempotency-Key retry, not charged again), failed (5xx, nothing charged), ' +
      'refused (4xx), free (test keys).',
    labelNames: ['deployment', 'outcome'] as const,
    registers: [registry],
  });
  const charges = new Counter({
    name: 'visionapi_charged_micro_usd_total',
    help: 'Micro-dollars charged for image calls, by deployment (the price held and captured).',
    labelNames: ['deployment'] as const,
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'visionapi_upstream_duration_seconds',
    help: "The inference upstream's time per forwarded call, by deployment and outcome (ok, failed).",
    labelNames: ['deployment', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const refunds = new Counter({
    name: 'visionapi_payment_compensations_total',
    help: 'Refunds and disputes applied to wallets (Stripe events applied once), by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'visionapi_upstream_circuit_state',
    help: "Each upstream's circuit in this process: 0 closed, 1 half-open, 2 open.",
    labelNames: ['origin'] as const,
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const circuit of circuits())
        this.set({ origin: circuit.origin }, CIRCUIT_VALUE[circuit.state]);
    },
  });
  new Gauge({
    name: 'visionapi_upstream_consecutive_failures',
    help: 'Failures in a row of each upstream in this process (5 open its circuit by default).',
    labelNames: ['origin'] as const,
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const circuit of circuits())
        this.set({ origin: circuit.origin }, circuit.consecutive_failures);
    },
  });
  new Gauge({
    name: 'visionapi_holds_open',
    help: 'Holds of running calls not yet captured or released, in the database (all processes).',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      // A scrape while the database is away reports nothing rather than failing the scrape.
      if (!sources.holdsOpen) return;
      const open = await sources.holdsOpen().catch(() => null);
      if (open !== null) this.set(open);
    },
  });
  new Gauge({
    name: 'visionapi_calls_in_flight',
    help: 'Metered calls this process is running (their holds and records kept leased).',
    registers: [registry],
    collect() {
      if (sources.callsInFlight) this.set(sources.callsInFlight());
    },
  });
  new Gauge({
    name: 'visionapi_db_pool_connections',
    help: 'PostgreSQL pool of this process: max, total (open), idle, waiting (queries queued).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = sources.poolStats?.();
      if (!stats) return;
      for (const state of ['max', 'total', 'idle', 'waiting'] as const)
        this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: 'visionapi_background_job_lag_seconds',
    help: 'Seconds a background job is past its next run (0 on time): sweeps, lease heartbeat, status flush.',
    labelNames: ['job'] as const,
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const lag of jobLags()) this.set({ job: lag.job }, lag.lagSeconds);
    },
  });
  new Gauge({
    name: 'visionapi_background_job_last_run_timestamp_seconds',
    help: 'When each background job last ran to its end (Unix time).',
    labelNames: ['job'] as const,
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.reset();
      for (const lag of jobLags()) this.set({ job: lag.job }, lag.lastRunAt / 1000);
    },
  });

  return {
    /** This process's metrics and these servers'. */
    registry: Registry.merge([processRegistry(), registry]),
    /** One answer of a server (`api` or `services`), by its route template. */
    httpAnswer(
      server: 'api' | 'services',
      method: string,
      route: string,
      status: number,
      seconds: number,
    ) {
      httpRequests.inc({ server, method, route, status: String(status) });
      httpDuration.observe({ server, method, route }, seconds);
    },
    meteredCall(
      deployment: string,
      outcome: 'charged' | 'replayed' | 'failed' | 'refused' | 'free',
      chargedMicros = 0,
    ) {
      meteredCalls.inc({ deployment, outcome });
      if (chargedMicros > 0) charges.inc({ deployment }, chargedMicros);
    },
    upstreamCall(deployment: string, ok: boolean, seconds: number) {
      upstreamDuration.observe({ deployment, outcome: ok ? 'ok' : 'failed' }, seconds);
    },
    compensation(kind: 'refund' | 'dispute_opened' | 'dispute_won' | 'dispute_lost') {
      refunds.inc({ kind });
    },
    /** The services host tells where its circuits are read. */
    useCircuits(read: () => CircuitReading[]) {
      circuits = read;
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
