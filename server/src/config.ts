/**
 * Server configuration, read from the environment once. Defaults describe the
 * local stack (`npm start`); nothing needs to be set on a developer machine.
 */
import path from 'node:path';

export const DEFAULT_CORS_ORIGINS = [
  'http://localhost:3000',
  'http://127.0.0.1:3000',
  'http://localhost:3001',
  'http://127.0.0.1:3001',
];

export interface RateLimitConfig {
  /** Requests allowed per window and client (IP, or api-key on the services host). */
  max: number;
  timeWindowMs: number;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
}

export interface ServerConfig {
  apiPort: number;
  servicesPort: number;
  host: string;
  databaseUrl?: string;
  pgliteDir: string;
  corsOrigins: string[];
  firebaseProjectId: string;
  authEmulatorHost?: string;
  /** Null: the sandbox payment provider is used. */
  stripe: StripeConfig | null;
  rateLimit: RateLimitConfig;
  servicesRateLimit: RateLimitConfig;
  logLevel: string;
}

function read(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const authEmulatorHost = read(env, 'FIREBASE_AUTH_EMULATOR_HOST');
  if (authEmulatorHost && env.NODE_ENV === 'production') {
    // The emulator variable makes firebase-admin accept unsigned tokens.
    throw new Error(
      'FIREBASE_AUTH_EMULATOR_HOST is set while NODE_ENV=production: refusing to start, ' +
        'because ID tokens would not be verified.',
    );
  }
  const stripeSecretKey = read(env, 'STRIPE_SECRET_KEY');
  const stripeWebhookSecret = read(env, 'STRIPE_WEBHOOK_SECRET');
  if (Boolean(stripeSecretKey) !== Boolean(stripeWebhookSecret)) {
    throw new Error(
      'Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither (sandbox payments).',
    );
  }
  return {
    apiPort: readInt(env, 'API_PORT', 4010),
    servicesPort: readInt(env, 'SERVICES_PORT', 4020),
    host: read(env, 'HOST') ?? 'localhost',
    databaseUrl: read(env, 'DATABASE_URL'),
    pgliteDir: path.resolve(read(env, 'PGLITE_DIR') ?? '.data/pglite'),
    corsOrigins: read(env, 'CORS_ORIGINS')
      ?.split(',')
      .map((o) => o.trim())
      .filter(Boolean) ?? [...DEFAULT_CORS_ORIGINS],
    firebaseProjectId:
      read(env, 'FIREBASE_PROJECT_ID') ?? read(env, 'GCLOUD_PROJECT') ?? 'demo-visionapi',
    authEmulatorHost,
    stripe:
      stripeSecretKey && stripeWebhookSecret
        ? { secretKey: stripeSecretKey, webhookSecret: stripeWebhookSecret }
        : null,
    rateLimit: {
      max: readInt(env, 'RATE_LIMIT_MAX', 600),
      timeWindowMs: readInt(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
    },
    servicesRateLimit: {
      max: readInt(env, 'SERVICES_RATE_LIMIT_MAX', 300),
      timeWindowMs: readInt(env, 'RATE_LIMIT_WINDOW_MS', 60_000),
    },
    logLevel: read(env, 'LOG_LEVEL') ?? 'info',
  };
}
