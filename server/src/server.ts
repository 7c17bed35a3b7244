/**
 * Listens. `SERVER_ROLE` picks the servers of this process:
 * - `all` (local mode's default): the account API and the sandbox services host in one process,
 *   the only way on embedded PGlite (one connection, one process);
 * - `api` / `services`: one of them, so each can run as many processes as the load needs on one
 *   PostgreSQL (`DATABASE_URL`). `SERVER_INSTANCES=N` forks N of them on the same port with
 *   Node's cluster module (the local proof of scaling out; in production, run N containers).
 *
 * On SIGTERM/SIGINT it stops accepting connections, lets in-flight requests finish (up to 10 s),
 * then closes the worker pool and the database.
 */
import cluster from 'node:cluster';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildAccountApp } from './app';
import { createEmulatorMailRelay } from './auth/emulator-mail';
import { createDeps } from './bootstrap';
import { readServerConfig, type ServerConfig } from './config';
import { loggerOptions } from './lib/log';
import { serverTimeouts } from './server-timeouts';
import { describeDatabaseError } from './lib/database-errors';
import { buildServicesApp } from './services/app';
import { jobRan } from './lib/jobs';
import { buildMetricsApp, type MetricsSource } from './metrics-server';

const DRAIN_TIMEOUT_MS = 10_000;

async function serve(config: ServerConfig) {
  const { deps, database } = await createDeps(config);
  const serverOptions: FastifyServerOptions = {
    logger: loggerOptions(config.logLevel),
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    ...serverTimeouts(config),
    // Idle keep-alive connections close at once on shutdown; busy ones finish their request.
    forceCloseConnections: 'idle' as const,
  };
  const apps: FastifyInstance[] = [];
  let draining = false;
  // While draining, every answer closes its keep-alive connection, so the server can finish.
  const closeWhenDraining = (app: FastifyInstance) =>
    app.addHook('onSend', async (_request, reply) => {
      if (draining) reply.header('connection', 'close');
    });
  if (config.role !== 'services') {
    const api = await buildAccountApp(deps, serverOptions);
    closeWhenDraining(api);
    await api.listen({ port: config.apiPort, host: config.host });
    apps.push(api);
  }
  if (config.role !== 'api') {
    const services = await buildServicesApp(deps, serverOptions);
    closeWhenDraining(services);
    await services.listen({ port: config.servicesPort, host: config.host });
    apps.push(services);
  }
  const log = apps[0]!.log;

  // Local mode: the Auth emulator's verification and password mails reach the local inbox.
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const authMail =
    config.local &&
    emulatorHost &&
    config.role !== 'services' &&
    (!cluster.isWorker || cluster.worker?.id === 1)
      ? createEmulatorMailRelay({
          emulatorHost,
          projectId: config.firebaseProjectId,
          mailer: deps.mailer,
          siteUrl: config.siteUrl,
          skipExisting: true,
          log,
        })
      : null;

  // The leases of running calls: a heartbeat every quarter lease, and a sweep of lapsed holds
  // (a process that died) every half lease, so a dead process's holds go back within seconds.
  deps.leases.useLogger(log);
  deps.leases.start();
  // The status page's outcomes, added to their buckets every STATUS_FLUSH_MS.
  deps.status.useLogger(log);
  deps.status.start();
  const sweep = setInterval(() => {
    void deps.repos.idempotency
      .sweep()
      .catch((error: unknown) =>
        log.warn({ db: describeDatabaseError(error) }, 'idempotency sweep failed'),
      )
      .finally(() => jobRan('idempotency_sweep', 60_000));
  }, 60_000);
  sweep.unref();
  // Prometheus, on its own port (off unless METRICS_PORT is set; loopback unless METRICS_HOST
  // says otherwise). An instance of a cluster does not listen: the primary sums them.
  const metricsApp =
    config.metrics.port !== null && !cluster.isWorker
      ? await serveMetrics(config, {
          contentType: deps.metrics.registry.contentType,
          metrics: () => deps.metrics.registry.metrics(),
        })
      : null;
  if (cluster.isWorker) {
    const { AggregatorRegistry } = await import('prom-client');
    AggregatorRegistry.setRegistries([deps.metrics.registry]);
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    draining = true;
    log.info(`${signal} received: draining in-flight requests, then shutting down`);
    clearInterval(sweep);
    authMail?.stop();
    deps.leases.stop();
    await metricsApp?.close();
    const timer = setTimeout(() => process.exit(1), DRAIN_TIMEOUT_MS);
    timer.unref();
    const started = Date.now();
    await Promise.allSettled(apps.map((app) => app.close()));
    log.info(`in-flight requests drained in ${Date.now() - started} ms`);
    // The last seconds of outcomes reach the status rollups before the database closes.
    await deps.status.stop();
    await database.close();
    log.info('database closed; exiting');
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const store = database.kind === 'pglite' ? `PGlite at ${config.pgliteDir}` : 'PostgreSQL';
  const payments = deps.payments.provider === 'stripe' ? 'Stripe' : 'sandbox (local mode)';
  const parts = [
    config.role !== 'services' ? `account API http://localhost:${config.apiPort}/v1` : null,
    config.role !== 'api' ? `services http://localhost:${config.servicesPort}` : null,
    store,
    `payments: ${payments}`,
    config.authEmulatorHost ? `Auth emulator ${config.authEmulatorHost}` : null,
    cluster.isWorker ? `instance ${cluster.worker!.id} (pid ${process.pid})` : null,
  ];
  log.info(`ready: ${parts.filter(Boolean).join(' · ')}`);
}

async function serveMetrics(config: ServerConfig, source: MetricsSource) {
  const app = await buildMetricsApp(source);
  await app.listen({ port: config.metrics.port!, host: config.metrics.host });
  console.error(
    `metrics: http://${config.metrics.host}:${(app.server.address() as { port: number }).port}/metrics`,
  );
  return app;
}

/** `--role=api` and `--instances=4` on the command line win over SERVER_ROLE / SERVER_INSTANCES. */
function environmentWithArguments(argv: string[]): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const arg of argv) {
    const [name, value] = arg.split('=', 2);
    if (name === '--role' && value) env.SERVER_ROLE = value;
    if (name === '--instances' && value) env.SERVER_INSTANCES = value;
  }
  return env;
}

// A background promise that fails (a mail, a sweep, a follow-up) is a fault to log, not a
// reason to stop serving every other request: one line, with the database code if it has one.
process.on('unhandledRejection', (reason: unknown) => {
  const error = reason as { name?: unknown; code?: unknown; message?: unknown } | undefined;
  process.stderr.write(
    `${JSON.stringify({
      level: 50,
      time: Date.now(),
      msg: 'unhandled rejection (the process goes on)',
      name: typeof error?.name === 'string' ? error.name : typeof reason,
      db: describeDatabaseError(reason),
    })}\n`,
  );
});

async function main() {
  const env = environmentWithArguments(process.argv.slice(2));
  const config = readServerConfig(env);
  const instances = Number(env.SERVER_INSTANCES ?? '1');
  if (!Number.isInteger(instances) || instances < 1) {
    throw new Error(`SERVER_INSTANCES must be a positive integer, got "${env.SERVER_INSTANCES}"`);
  }
  if (cluster.isPrimary && instances > 1) {
    if (!config.databaseUrl) {
      throw new Error('SERVER_INSTANCES > 1 needs DATABASE_URL: embedded PGlite is one process.');
    }
    // Migrate once before the instances start (they would wait on the lock anyway).
    const { database } = await createDeps(config);
    await database.close();
    for (let i = 0; i < instances; i++) cluster.fork(env);
    if (config.metrics.port !== null) {
      const { AggregatorRegistry } = await import('prom-client');
      const aggregator = new AggregatorRegistry();
      await serveMetrics(config, {
        contentType: aggregator.contentType,
        metrics: () => aggregator.clusterMetrics(),
      });
    }
    let stopping = false;
    cluster.on('exit', (worker, code) => {
      if (!stopping) {
        console.error(`instance ${worker.id} exited (${code}); starting another`);
        cluster.fork(env);
      }
    });
    const stop = () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
      setTimeout(() => process.exit(0), DRAIN_TIMEOUT_MS + 1000).unref();
      cluster.on('exit', () => {
        if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      });
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    return;
  }
  await serve(config);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
