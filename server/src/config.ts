/**
 * Server configuration, read from the environment once.
 *
 * Two modes, and nothing in between:
 * - **local** (`STACK_MODE=local`, set by `npm start`, `npm run stack`, the tests and the seed):
 *   the sandbox payment provider (unless Stripe is configured), the sample answerer as every
 *   deployment's upstream, the Auth emulator and built-in development secrets are allowed; nothing
 *   else needs to be set.
 * - **production** (anything else, whatever `NODE_ENV` says): every real setting must be present
 *   and the emulator variable must be absent, or the process refuses to start and names each
 *   missing variable. It never falls back to a sandbox.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { DEPLOYMENT_PATHS, type DeploymentPath } from '../../contract/services';
import type { WebhookSettings } from './services/webhooks';

export const DEFAULT_CORS_ORIGINS = [
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost:3001',
  'http://127.0.0.1:3001',
];

/**
 * Secrets of the local stack only. They are public (they are in this file), which is why a
 * production process refuses to start without its own.
 */
export const LOCAL_SECRETS = {
  apiKeyHmacSecret: 'local-only-api-key-hmac-secret-never-use-in-production',
  // 32 bytes, base64.
  uiKeyEncryptionKey: 'bG9jYWwtb25seS11aS1rZXktZW5jcnlwdGlvbi1rZXk=',
} as const;

/** The local stack's mail catcher (scripts/stack/mail-catcher.mjs). */
export const LOCAL_MAIL_SMTP_PORT = 1025;

export interface RateLimitConfig {
  /** Requests allowed per window and client (IP, or key on the services host). */
  max: number;
  timeWindowMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
}

/** The upstreams the metering gateway forwards live keys' calls to. */
export interface UpstreamConfig {
  /** Production: the inference deployment's base URL per deployment path. Local mode: empty. */
  urls: Partial<Record<DeploymentPath, string>>;
  /**
   * Local mode: every deployment is forwarded to the sample upstream, the sample answerer behind
   * a loopback HTTP server that the services host starts (services/sample-upstream.ts), so a live
   * key's call takes the production path (hold, forward, validate, capture or release).
   */
  sampleUpstream: boolean;
  connectTimeoutMs: number;
  /** Whole call, headers and body. */
  timeoutMs: number;
  /** Upstream calls in flight per process at most; past it the gateway answers 503. */
  concurrency: number;
  maxAnswerBytes: number;
  /** Consecutive failures that open an upstream's circuit, and how long it stays open. */
  failureThreshold: number;
  halfOpenAfterMs: number;
  /**
   * Sent as `X-VisionAPI-Gateway-Secret` on every upstream call, so an inference deployment can
   * refuse callers other than the gateway (`UPSTREAM_SHARED_SECRET`, at least 32 characters;
   * required in production). Local mode: null here, and the services host makes a random one per
   * process for its sample upstream.
   */
  sharedSecret: string | null;
}

/** The header carrying the gateway's shared secret on every upstream call. */
export const GATEWAY_SECRET_HEADER = 'x-visionapi-gateway-secret';
/** Shortest `UPSTREAM_SHARED_SECRET` accepted. */
export const MIN_UPSTREAM_SECRET_LENGTH = 32;

/** `image-segmentation/semantic` → `SERVICES_UPSTREAM_IMAGE_SEGMENTATION_SEMANTIC`. */
export const upstreamVariable = (path: string) =>
  `SERVICES_UPSTREAM_${path.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

function readUpstreams(
  env: NodeJS.ProcessEnv,
  local: boolean,
): { config: UpstreamConfig; missing: string[] } {
  const all = read(env, 'SERVICES_UPSTREAM_URL');
  const urls: Partial<Record<DeploymentPath, string>> = {};
  const missing: string[] = [];
  // Local mode forwards to the sample upstream: no inference deployment is read or needed.
  for (const path of local ? [] : DEPLOYMENT_PATHS) {
    const url = read(env, upstreamVariable(path)) ?? all;
    if (!url) {
      missing.push(path);
      continue;
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(
        `${upstreamVariable(path)} (or SERVICES_UPSTREAM_URL) is not a URL: "${url}"`,
      );
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
      throw new Error(`${upstreamVariable(path)} must be an http(s) URL, got "${url}"`);
    }
    urls[path] = url;
  }
  return {
    missing,
    config: {
      urls,
      sampleUpstream: local,
      connectTimeoutMs: readInt(env, 'SERVICES_UPSTREAM_CONNECT_TIMEOUT_MS', 2_000),
      timeoutMs: readInt(env, 'SERVICES_UPSTREAM_TIMEOUT_MS', 30_000),
      concurrency: readInt(env, 'SERVICES_UPSTREAM_CONCURRENCY', 64),
      maxAnswerBytes: readInt(env, 'SERVICES_UPSTREAM_MAX_ANSWER_BYTES', 32 * 1024 * 1024),
      failureThreshold: readInt(env, 'SERVICES_UPSTREAM_FAILURES_TO_OPEN', 5),
      halfOpenAfterMs: readInt(env, 'SERVICES_UPSTREAM_OPEN_MS', 10_000),
      sharedSecret: read(env, 'UPSTREAM_SHARED_SECRET') ?? null,
    },
  };
}

/** Which servers this process runs. */
export type ServerRole = 'all' | 'api' | 'services';

export interface ServerConfig {
  /** True only with STACK_MODE=local. */
  local: boolean;
  /** Webhook worker settings (poll, receiver timeout, lease); defaults in services/webhooks.ts. */
  webhooks?: Partial<WebhookSettings>;
  role: ServerRole;
  apiPort: number;
  servicesPort: number;
  host: string;
  databaseUrl?: string;
  /** Connections per process in the PostgreSQL pool. */
  databasePoolSize: number;
  /**
   * A statement that runs longer is cancelled (PostgreSQL's `statement_timeout`), and a connection
   * that cannot be opened within `databaseConnectTimeoutMs` fails the request with 503: a database
   * that is down or restarting never holds a request past the server's own timeouts.
   */
  databaseStatementTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  /**
   * Metered calls begun (or captured) at the same moment share one statement and transaction
   * (migration 0026): at most `maxSize` calls a statement (1: each alone), `maxInFlight`
   * statements of each kind at once per process.
   */
  meteringBatch: { maxSize: number; maxInFlight: number };
  /**
   * The lease of a call's hold and of its `Idempotency-Key` record: the process running the call
   * renews it every quarter of this while the call runs. When the process dies, its holds go back
   * to the wallet and its keys may be retried this long after its last renewal.
   */
  holdLeaseMs: number;
  /**
   * Async jobs (issue 35): the queued jobs an organization may have at once (`JOBS_QUEUED_CAP`,
   * 1,000; one more answers 429), the jobs each services process runs at once
   * (`JOBS_CONCURRENCY`, 4), how often it sweeps (lapsed runs queued again, overdue jobs failed,
   * expired results deleted: `JOBS_SWEEP_MS`, 5 s), and how long a stopping process waits for its
   * running jobs before leaving them to be run again elsewhere (`JOBS_STOP_TIMEOUT_MS`, 10 s).
   * A running job's lease is `holdLeaseMs`.
   */
  jobs: { queuedCap: number; concurrency: number; sweepMs: number; stopTimeoutMs: number };
  /**
   * Valkey/Redis for rate-limit counters shared by every process (`REDIS_URL`); absent: each
   * process counts in its own memory.
   */
  redisUrl?: string;
  /**
   * Prefix of every counter this deployment keeps in Redis (`REDIS_KEY_PREFIX`, default
   * `visionapi`): two deployments (or two test runs) sharing one Redis keep apart.
   */
  redisKeyPrefix: string;
  pgliteDir: string;
  corsOrigins: string[];
  firebaseProjectId: string;
  authEmulatorHost?: string;
  /** Null: the sandbox payment provider is used (local mode only). */
  stripe: StripeConfig | null;
  /** HMAC-SHA-256 key for API key secrets. */
  apiKeyHmacSecret: string;
  /** AES-256-GCM key (32 bytes) for the secret of the in-browser (`used_for_ui`) key. */
  uiKeyEncryptionKey: Buffer;
  /** Sandbox payments: how long a confirmed order stays `processing` before it is fulfilled. */
  sandboxFulfilmentDelayMs: number;
  rateLimit: RateLimitConfig;
  /**
   * Account API, per signed-in person (uid) or admin key, besides the per-IP `rateLimit`:
   * counted once the caller is verified, so a forged token cannot spend someone else's count.
   */
  userRateLimit: RateLimitConfig;
  /** `POST /v1/email` (feedback and contact, open to signed-out callers), per client IP. */
  feedbackRateLimit: RateLimitConfig;
  servicesRateLimit: RateLimitConfig;
  /** Per test key: free calls are limited more tightly than live ones. */
  servicesTestRateLimit: RateLimitConfig;
  /** Per client IP on the services host, before the key is checked (junk keys included). */
  servicesIpRateLimit: RateLimitConfig;
  /** Stripe webhook, per client IP: generous, but bounded. */
  webhookRateLimit: RateLimitConfig;
  /**
   * `/health` on both servers, per client IP, in each process's memory: room for monitors and
   * the status page (one probe per open tab every 30 s).
   */
  healthRateLimit: RateLimitConfig;
  /**
   * The leak circuit-breaker: a key whose spend today passes both `floorMicros` and `factor`
   * times its running daily average is paused and its owner e-mailed.
   */
  spendSpike: { factor: number; floorMicros: number };
  /** How often each process adds its counted outcomes to the status rollups (`STATUS_FLUSH_MS`). */
  statusFlushMs: number;
  /**
   * Prometheus `/metrics` (`METRICS_PORT`, `METRICS_HOST`): off unless a port is set, and then
   * on the loopback interface unless a host is named, so it is never public by default.
   */
  metrics: { port: number | null; host: string };
  /**
   * Where the services host, always the metering gateway, forwards live keys' calls: production,
   * the inference deployments; local mode, the sample upstream (`sampleUpstream`).
   */
  upstreams: UpstreamConfig;
  /** Worker threads that decode images and render answers (services host). */
  renderThreads: number;
  /** Image calls that may wait for a worker before the host answers 503. */
  renderQueue: number;
  /**
   * Free calls (test keys and the docs' demo key) are decoded in a pool of their own, so they
   * cannot take the paying callers' workers: its threads and queue (`SERVICES_TEST_WORKERS`,
   * default 1; `SERVICES_TEST_QUEUE`, default 4).
   */
  testRenderThreads: number;
  testRenderQueue: number;
  /**
   * Most pixels (width × height, as the image declares them) decoded for a free call
   * (`SERVICES_TEST_MAX_PIXELS`, default 12 000 000: a 4000 × 3000 photo); past it, 413
   * `pixel_limit_exceeded`. Live keys' calls are bounded by `liveMaxPixels`
   * (`SERVICES_MAX_PIXELS`, default 100 000 000).
   */
  testMaxPixels: number;
  liveMaxPixels: number;
  /**
   * Largest answer of a free call kept whole for an `Idempotency-Key` replay
   * (`SERVICES_TEST_KEPT_ANSWER_BYTES`, default 16 384; 0 keeps none): a larger one is stored as
   * its size and SHA-256 only, and a replay answers 410 `answer_not_kept`.
   */
  testKeptAnswerBytes: number;
  /**
   * Where the services host answers `GET /health/details` (every upstream's origin, failures and
   * times): `SERVICES_HEALTH_DETAILS_PORT` (unset: nowhere) on `SERVICES_HEALTH_DETAILS_HOST`
   * (default 127.0.0.1, not public). The public `/health` shows details in local mode only.
   */
  healthDetails: { port: number; host: string } | null;
  /** Outgoing mail (alerts, failed charges, feedback): an SMTP URL. */
  smtpUrl: string;
  /** Sender of every e-mail, and where feedback and contact messages go. */
  mailFrom: string;
  supportEmail: string;
  /** The site's public origin, for links in e-mails. */
  siteUrl: string;
  /**
   * Where callers reach each server (origins, no path): the `servers` of the published OpenAPI
   * documents. Defaults: the local ports.
   */
  publicApiUrl: string;
  publicServicesUrl: string;
  /**
   * Which services document to publish: `production` describes the metering gateway, `sandbox`
   * the local stack's sample answers. Default: `sandbox` in local mode. A public site build asks
   * for `production` (scripts/docs-data/openapi.ts).
   */
  servicesDocument: 'production' | 'sandbox';
  /** The seller printed on invoices. */
  seller: { name: string; address: string; taxId: string | null; email: string };
  /** Fastify's `trustProxy`: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  logLevel: string;
}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  }
  return value;
}

/** An integer within [min, max] (a metering batch past 32 calls would overflow PostgreSQL's cache of subtransactions). */
function readBounded(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const value = readInt(env, name, fallback, min);
  if (value > max) throw new Error(`${name} must be an integer of at most ${max}, got "${value}"`);
  return value;
}

/** An http(s) origin (a trailing slash and a `/v1` are dropped). */
function readOrigin(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return url.origin;
}

function readTrustProxy(env: NodeJS.ProcessEnv): boolean | number | string[] {
  const raw = read(env, 'TRUST_PROXY');
  if (raw === undefined || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function readEncryptionKey(raw: string, name: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) {
    throw new Error(`${name} must be 32 bytes, as 64 hex characters or base64.`);
  }
  return key;
}

/** Thrown when a production process lacks real settings; names every missing variable. */
export class ConfigurationError extends Error {
  constructor(
    readonly missing: string[],
    readonly problems: string[],
  ) {
    super(
      [
        'Refusing to start: this process is not in local mode (STACK_MODE=local), so it needs real settings.',
        ...missing.map((name) => `  missing: ${name}`),
        ...problems.map((problem) => `  ${problem}`),
        'Set them, or start the local stack with `npm start` / `npm run stack` (STACK_MODE=local).',
      ].join('\n'),
    );
    this.name = 'ConfigurationError';
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const local = read(env, 'STACK_MODE') === 'local';
  const authEmulatorHost = read(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  const stripeSecretKey = read(env, 'STRIPE_SECRET_KEY');
  const stripeWebhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  const firebaseProjectId = read(env, 'FIREBASE_PROJECT_ID') ?? read(env, 'GCLOUD_PROJECT');
  const hmacSecret = read(env, 'API_KEY_HMAC_SECRET');
  const encryptionKey = read(env, 'UI_KEY_ENCRYPTION_KEY');
  const role = (read(env, 'SERVER_ROLE') ?? (local ? 'all' : 'api')) as ServerRole;
  if (!['all', 'api', 'services'].includes(role)) {
    throw new Error(`SERVER_ROLE must be all, api or services, got "${role}"`);
  }

  if (!local) {
    const missing: string[] = [];
    const problems: string[] = [];
    if (!firebaseProjectId)
      missing.push('FIREBASE_PROJECT_ID (the Firebase project whose ID tokens are accepted)');
    if (!stripeSecretKey) missing.push('STRIPE_SECRET_KEY');
    if (!stripeWebhookSecret) missing.push('STRIPE_WEBHOOK_SECRET');
    if (!hmacSecret)
      missing.push(
        'API_KEY_HMAC_SECRET (at least 32 characters; keys are stored as HMAC-SHA-256 hashes)',
      );
    if (!encryptionKey)
      missing.push(
        'UI_KEY_ENCRYPTION_KEY (32 bytes as hex or base64; encrypts the in-browser key)',
      );
    if (authEmulatorHost) {
      problems.push(
        'FIREBASE_AUTH_EMULATOR_HOST is set: firebase-admin would accept unsigned tokens. Unset it.',
      );
    }
    if (firebaseProjectId?.startsWith('demo-')) {
      problems.push(`FIREBASE_PROJECT_ID "${firebaseProjectId}" is an emulator-only demo project.`);
    }
    if (hmacSecret && hmacSecret.length < 32) {
      problems.push('API_KEY_HMAC_SECRET must be at least 32 characters.');
    }
    if (
      hmacSecret === LOCAL_SECRETS.apiKeyHmacSecret ||
      encryptionKey === LOCAL_SECRETS.uiKeyEncryptionKey
    ) {
      problems.push("The local stack's built-in secrets cannot be used outside local mode.");
    }
    if (role !== 'api') {
      const secret = read(env, 'UPSTREAM_SHARED_SECRET');
      if (!secret) {
        missing.push(
          `UPSTREAM_SHARED_SECRET (at least ${MIN_UPSTREAM_SECRET_LENGTH} characters; the gateway sends it to the inference deployments, which refuse calls without it)`,
        );
      } else if (secret.length < MIN_UPSTREAM_SECRET_LENGTH) {
        problems.push(
          `UPSTREAM_SHARED_SECRET must be at least ${MIN_UPSTREAM_SECRET_LENGTH} characters.`,
        );
      }
      const { missing: without } = readUpstreams(env, false);
      if (without.length > 0) {
        problems.push(
          `SERVER_ROLE=${role} runs the services host as the metering gateway, which needs an inference deployment for every public deployment: set SERVICES_UPSTREAM_URL, or ${without.map(upstreamVariable).join(', ')}.`,
        );
      }
    }
    if (missing.length > 0 || problems.length > 0) throw new ConfigurationError(missing, problems);
  }
  if (Boolean(stripeSecretKey) !== Boolean(stripeWebhookSecret)) {
    throw new Error(
      'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither (sandbox payments, local mode only).',
    );
  }

  const windowMs = readInt(env, 'RATE_LIMIT_WINDOW_MS', 60_000);
  return {
    local,
    role,
    apiPort: readInt(env, 'API_PORT', 4010),
    servicesPort: readInt(env, 'SERVICES_PORT', 4020),
    host: read(env, 'HOST') ?? 'localhost',
    databaseUrl: read(env, 'DATABASE_URL'),
    databasePoolSize: readInt(env, 'DATABASE_POOL_SIZE', 10),
    databaseStatementTimeoutMs: readInt(env, 'DATABASE_STATEMENT_TIMEOUT_MS', 10_000),
    databaseConnectTimeoutMs: readInt(env, 'DATABASE_CONNECT_TIMEOUT_MS', 3_000),
    meteringBatch: {
      maxSize: readBounded(env, 'METERING_BATCH_SIZE', 32, 1, 32),
      maxInFlight: readBounded(env, 'METERING_BATCH_IN_FLIGHT', 2, 1, 16),
    },
    holdLeaseMs: readInt(env, 'HOLD_LEASE_MS', 10_000, 1_000),
    jobs: {
      queuedCap: readInt(env, 'JOBS_QUEUED_CAP', 1_000),
      concurrency: readInt(env, 'JOBS_CONCURRENCY', 4),
      sweepMs: readInt(env, 'JOBS_SWEEP_MS', 5_000, 100),
      stopTimeoutMs: readInt(env, 'JOBS_STOP_TIMEOUT_MS', 10_000, 1_000),
    },
    redisUrl: read(env, 'REDIS_URL'),
    redisKeyPrefix: read(env, 'REDIS_KEY_PREFIX') ?? 'visionapi',
    pgliteDir: path.resolve(read(env, 'PGLITE_DIR') ?? '.data/pglite'),
    corsOrigins: read(env, 'CORS_ORIGINS')
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [...DEFAULT_CORS_ORIGINS],
    firebaseProjectId: firebaseProjectId ?? 'demo-visionapi',
    authEmulatorHost,
    stripe:
      stripeSecretKey && stripeWebhookSecret
        ? { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret }
        : null,
    apiKeyHmacSecret: hmacSecret ?? LOCAL_SECRETS.apiKeyHmacSecret,
    uiKeyEncryptionKey: readEncryptionKey(
      encryptionKey ?? LOCAL_SECRETS.uiKeyEncryptionKey,
      'UI_KEY_ENCRYPTION_KEY',
    ),
    sandboxFulfilmentDelayMs: readInt(env, 'SANDBOX_FULFILMENT_DELAY_MS', 0, 0),
    rateLimit: {
      max: readInt(env, 'RATE_LIMIT_MAX', 600),
      timeWindowMs: windowMs,
    },
    userRateLimit: {
      max: readInt(env, 'USER_RATE_LIMIT_MAX', 300),
      timeWindowMs: windowMs,
    },
    feedbackRateLimit: {
      max: readInt(env, 'FEEDBACK_RATE_LIMIT_MAX', 10),
      timeWindowMs: readInt(env, 'FEEDBACK_RATE_LIMIT_WINDOW_MS', 3_600_000),
    },
    servicesRateLimit: {
      max: readInt(env, 'SERVICES_RATE_LIMIT_MAX', 300),
      timeWindowMs: windowMs,
    },
    servicesTestRateLimit: {
      max: readInt(env, 'SERVICES_TEST_RATE_LIMIT_MAX', 60),
      timeWindowMs: windowMs,
    },
    servicesIpRateLimit: {
      max: readInt(env, 'SERVICES_IP_RATE_LIMIT_MAX', 600),
      timeWindowMs: windowMs,
    },
    webhookRateLimit: {
      max: readInt(env, 'WEBHOOK_RATE_LIMIT_MAX', 3000),
      timeWindowMs: windowMs,
    },
    healthRateLimit: {
      max: readInt(env, 'HEALTH_RATE_LIMIT_MAX', 120),
      timeWindowMs: windowMs,
    },
    spendSpike: {
      factor: readInt(env, 'SPEND_SPIKE_FACTOR', 10, 2),
      floorMicros: readInt(env, 'SPEND_SPIKE_FLOOR_USD', 10) * 1_000_000,
    },
    statusFlushMs: readInt(env, 'STATUS_FLUSH_MS', 5_000, 100),
    metrics: {
      port: read(env, 'METRICS_PORT') === undefined ? null : readInt(env, 'METRICS_PORT', 0, 0),
      host: read(env, 'METRICS_HOST') ?? '127.0.0.1',
    },
    upstreams: readUpstreams(env, local).config,
    renderThreads: readInt(env, 'SERVICES_WORKERS', Math.max(1, availableParallelism())),
    renderQueue: readInt(env, 'SERVICES_QUEUE', 32, 0),
    testRenderThreads: readInt(env, 'SERVICES_TEST_WORKERS', 1),
    testRenderQueue: readInt(env, 'SERVICES_TEST_QUEUE', 4, 0),
    testMaxPixels: readInt(env, 'SERVICES_TEST_MAX_PIXELS', 12_000_000),
    liveMaxPixels: readInt(env, 'SERVICES_MAX_PIXELS', 100_000_000),
    testKeptAnswerBytes: readInt(env, 'SERVICES_TEST_KEPT_ANSWER_BYTES', 16 * 1024, 0),
    healthDetails:
      read(env, 'SERVICES_HEALTH_DETAILS_PORT') === undefined
        ? null
        : {
            port: readInt(env, 'SERVICES_HEALTH_DETAILS_PORT', 0, 0),
            host: read(env, 'SERVICES_HEALTH_DETAILS_HOST') ?? '127.0.0.1',
          },
    smtpUrl: read(env, 'SMTP_URL') ?? `smtp://127.0.0.1:${LOCAL_MAIL_SMTP_PORT}`,
    mailFrom: read(env, 'MAIL_FROM') ?? 'VisionAPI <no-reply@visionapi.local>',
    supportEmail: read(env, 'SUPPORT_EMAIL') ?? 'support@visionapi.local',
    siteUrl: (read(env, 'SITE_URL') ?? 'http://localhost:3000').replace(/\/$/, ''),
    publicApiUrl: readOrigin(
      env,
      'API_PUBLIC_URL',
      `http://localhost:${readInt(env, 'API_PORT', 4010)}`,
    ),
    publicServicesUrl: readOrigin(
      env,
      'SERVICES_PUBLIC_URL',
      `http://localhost:${readInt(env, 'SERVICES_PORT', 4020)}`,
    ),
    servicesDocument:
      (read(env, 'SERVICES_DOCUMENT') as 'production' | 'sandbox' | undefined) ??
      (local ? 'sandbox' : 'production'),
    seller: {
      name: read(env, 'SELLER_NAME') ?? 'VisionAPI',
      address:
        read(env, 'SELLER_ADDRESS') ??
        (local ? '1 Sandbox Street, Bengaluru 560001, Karnataka, India' : ''),
      taxId: read(env, 'SELLER_TAX_ID') ?? (local ? '29AAAAA0000A1Z5' : null),
      email: read(env, 'SELLER_EMAIL') ?? read(env, 'SUPPORT_EMAIL') ?? 'billing@visionapi.local',
    },
    trustProxy: readTrustProxy(env),
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
  };
}
