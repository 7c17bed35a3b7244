/** Everything both apps need, built from the configuration. */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { AppDeps } from './app';
import { cachedVerifier, createFirebaseVerifier, type TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client';
import { createKeySecrets } from './lib/keys';
import { createLeaseKeeper } from './lib/leases';
import { createMetrics } from './lib/metrics';
import { createStatusRecorder } from './services/status/recorder';
import { createStatusReports } from './services/status/report';
import { createBilling } from './billing/service';
import { createSmtpMailer, type Mailer } from './billing/mailer';
import { createReceiptSender } from './billing/receipts';
import type { PaymentsMode, StripeOverrides } from './payments/provider';
import { createStripePayments } from './payments/stripe';
import { createRepositories } from './repositories';

export interface Overrides extends StripeOverrides {
  database?: DatabaseOptions;
  verifier?: TokenVerifier;
  mailer?: Mailer;
  /** Where the lease keeper writes (the server's logger); default: one line on stderr. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** Before the server's logger exists: one JSON line on stderr, as pino would write it. */
const consoleLog: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'> = {
  info: (object: unknown, message?: string) => writeLine(30, object, message),
  warn: (object: unknown, message?: string) => writeLine(40, object, message),
  error: (object: unknown, message?: string) => writeLine(50, object, message),
} as never;

function writeLine(level: number, object: unknown, message?: string) {
  const fields = typeof object === 'object' && object !== null ? object : { msg: String(object) };
  process.stderr.write(`${JSON.stringify({ level, time: Date.now(), ...fields, msg: message })}\n`);
}

/**
 * A Valkey/Redis client for shared rate-limit counters. It reconnects by itself (backing off up
 * to 2 s); while it is away, limits are skipped rather than refusing every caller.
 */
async function connectRedis(url: string): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    // A command waits at most this long, then the limit is skipped for that request.
    commandTimeout: 500,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (times) => Math.min(times * 100, 2_000),
    lazyConnect: true,
  });
  // Without a listener an 'error' event would end the process.
  client.on('error', () => undefined);
  await client.connect().catch((error: unknown) => {
    throw new Error(
      `REDIS_URL is set but Valkey/Redis could not be reached: ${(error as Error).message}`,
    );
  });
  return client;
}

export async function createDeps(
  config: ServerConfig,
  overrides: Overrides = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const keySecrets = createKeySecrets({
    hmacSecret: config.apiKeyHmacSecret,
    encryptionKey: config.uiKeyEncryptionKey,
  });
  const database = await openDatabase({
    ...(overrides.database ?? { url: config.databaseUrl, pgliteDir: config.pgliteDir }),
    poolSize: config.databasePoolSize,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    migrationHooks: { keySecrets, seller: config.seller },
  });
  const repos = createRepositories(database.db, keySecrets, {
    seller: config.seller,
    callBatch: config.meteringBatch,
  });
  await repos.pricing.seed();
  if (!config.stripe && !config.local) {
    // readServerConfig refuses this already; this guards callers that build a config by hand.
    throw new Error('Sandbox payments run only in local mode (STACK_MODE=local).');
  }
  const payments: PaymentsMode = config.stripe
    ? createStripePayments(config.stripe, overrides)
    : { provider: 'sandbox' };
  const mailer =
    overrides.mailer ?? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  repos.payments.onPaid(createReceiptSender({ db: database.db, mailer, siteUrl: config.siteUrl }));
  const billing = createBilling({
    db: database.db,
    repos,
    payments,
    mailer,
    config,
  });
  const leases = createLeaseKeeper({
    calls: repos.calls,
    leaseMs: config.holdLeaseMs,
    log: overrides.log ?? consoleLog,
  });
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const metrics = createMetrics({
    poolStats: database.poolStats,
    holdsOpen: () => repos.status.holdsOpen(),
    callsInFlight: () => leases.size(),
  });
  const status = createStatusRecorder({
    repo: repos.status,
    flushMs: config.statusFlushMs,
    staleIncidentMs: 2 * (config.upstreams?.halfOpenAfterMs ?? 10_000),
    log: overrides.log ?? consoleLog,
  });
  const statusReports = createStatusReports(repos.status);
  status.onFlush(() => statusReports.invalidate());
  return {
    database: {
      ...database,
      close: async () => {
        leases.stop();
        await status.stop();
        await redis?.quit().catch(() => redis.disconnect());
        await database.close();
      },
    },
    deps: {
      config,
      db: database.db,
      databaseKind: database.kind,
      databaseUrl: overrides.database ? overrides.database.url : config.databaseUrl,
      redis,
      leases,
      repos,
      keySecrets,
      mailer,
      billing,
      verifier: cachedVerifier(
        overrides.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
      ),
      payments,
      metrics,
      status,
      statusReports,
    },
  };
}
