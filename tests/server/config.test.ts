/**
 * Safe by default: a backend process started without local mode and without real settings
 * refuses to start and names each missing variable; NODE_ENV does not decide. With local mode it
 * starts as `npm start` does (tests/server/stack.test.ts runs the whole stack).
 */
import { DEPLOYMENT_PATHS } from '@contract';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, readServerConfig } from '../../server/src/config';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REAL = {
  FIREBASE_PROJECT_ID: 'acme-prod',
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  API_KEY_HMAC_SECRET: 'h'.repeat(48),
  UI_KEY_ENCRYPTION_KEY: 'ab'.repeat(32),
};

describe('readServerConfig outside local mode', () => {
  it('names every missing variable', () => {
    try {
      readServerConfig({ NODE_ENV: 'production' } as NodeJS.ProcessEnv);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      const message = (error as Error).message;
      for (const name of Object.keys(REAL)) expect(message).toContain(name);
    }
  });

  it('names only what is missing', () => {
    const { STRIPE_WEBHOOK_SECRET: _omit, ...rest } = REAL;
    expect(() => readServerConfig(rest as NodeJS.ProcessEnv)).toThrow(
      /missing: STRIPE_WEBHOOK_SECRET\n(?![\s\S]*missing:)/,
    );
  });

  it.each([
    [{ FIREBASE_PROJECT_ID: 'demo-visionapi' }, /demo project/],
    [{ API_KEY_HMAC_SECRET: 'short' }, /at least 32 characters/],
    // The services host runs in production only as the metering gateway, with its upstreams.
    [{ SERVER_ROLE: 'services' }, /SERVICES_UPSTREAM_URL, or SERVICES_UPSTREAM_OBJECT_DETECTION/],
    [{ SERVER_ROLE: 'all' }, /metering gateway/],
    [
      { SERVER_ROLE: 'services', SERVICES_UPSTREAM_URL: 'ftp://models.internal' },
      /must be an http\(s\) URL/,
    ],
    [{ UI_KEY_ENCRYPTION_KEY: 'bG9jYWwtb25seS11aS1rZXktZW5jcnlwdGlvbi1rZXk=' }, /built-in secrets/],
    // The gateway authenticates itself to its upstreams: no secret, no gateway.
    [
      { SERVER_ROLE: 'services', SERVICES_UPSTREAM_URL: 'https://inference.internal' },
      /missing: UPSTREAM_SHARED_SECRET/,
    ],
    [
      {
        SERVER_ROLE: 'services',
        SERVICES_UPSTREAM_URL: 'https://inference.internal',
        UPSTREAM_SHARED_SECRET: 'too-short',
      },
      /UPSTREAM_SHARED_SECRET must be at least 32 characters/,
    ],
  ])('refuses %j', (override, message) => {
    expect(() => readServerConfig({ ...REAL, ...override } as NodeJS.ProcessEnv)).toThrow(message);
  });

  it('runs the services host as the metering gateway with an upstream for every deployment', () => {
    const config = readServerConfig({
      ...REAL,
      SERVER_ROLE: 'services',
      SERVICES_UPSTREAM_URL: 'https://inference.internal',
      SERVICES_UPSTREAM_DEPTH_ESTIMATION: 'https://depth.internal:8443',
      UPSTREAM_SHARED_SECRET: 's'.repeat(40),
    } as NodeJS.ProcessEnv);
    expect(config.upstreams.sharedSecret).toBe('s'.repeat(40));
    // Free calls: a lower pixel limit and a pool of their own; health details nowhere by default.
    expect(config).toMatchObject({
      testMaxPixels: 12_000_000,
      liveMaxPixels: 100_000_000,
      testRenderThreads: 1,
      testRenderQueue: 4,
      testKeptAnswerBytes: 16 * 1024,
      healthDetails: null,
    });
    expect(config.upstreams?.urls).toMatchObject({
      'object-detection': 'https://inference.internal',
      'depth-estimation': 'https://depth.internal:8443',
    });
    expect(Object.keys(config.upstreams!.urls)).toHaveLength(DEPLOYMENT_PATHS.length);
  });

  it('starts with real settings: Stripe payments, live key prefix, the account API only', () => {
    expect(readServerConfig(REAL as NodeJS.ProcessEnv)).toMatchObject({
      local: false,
      role: 'api',
      stripe: { secretKey: 'sk_live_x', webhookSecret: 'whsec_x' },
    });
  });

  it('serves /metrics only when a port is set, and then on the loopback interface unless told', () => {
    const env = { ...REAL, SMTP_URL: 'smtp://mail:25' } as NodeJS.ProcessEnv;
    expect(readServerConfig(env).metrics).toEqual({ port: null, host: '127.0.0.1' });
    expect(readServerConfig({ ...env, METRICS_PORT: '9464' }).metrics).toEqual({
      port: 9464,
      host: '127.0.0.1',
    });
    expect(
      readServerConfig({ ...env, METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.5' });
    expect(() => readServerConfig({ ...env, METRICS_PORT: 'public' })).toThrow(/METRICS_PORT/);
    expect(readServerConfig(env).statusFlushMs).toBe(5_000);
  });

  it('batches metered calls 32 at most a statement, 2 statements of each kind at once, within bounds', () => {
    const env = { ...REAL, SMTP_URL: 'smtp://mail:25' } as NodeJS.ProcessEnv;
    expect(readServerConfig(env).meteringBatch).toEqual({ maxSize: 32, maxInFlight: 2 });
    expect(
      readServerConfig({ ...env, METERING_BATCH_SIZE: '1', METERING_BATCH_IN_FLIGHT: '4' })
        .meteringBatch,
    ).toEqual({ maxSize: 1, maxInFlight: 4 });
    expect(() => readServerConfig({ ...env, METERING_BATCH_SIZE: '33' })).toThrow(
      /METERING_BATCH_SIZE must be an integer of at most 32/,
    );
    expect(() => readServerConfig({ ...env, METERING_BATCH_SIZE: '0' })).toThrow(
      /METERING_BATCH_SIZE/,
    );
    expect(() => readServerConfig({ ...env, METERING_BATCH_IN_FLIGHT: '17' })).toThrow(
      /METERING_BATCH_IN_FLIGHT/,
    );
  });
});

describe('the server process', () => {
  it('exits non-zero without local mode or settings, naming each missing variable', () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME };
    const result = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/src/server.ts'], {
      cwd: ROOT,
      env: { ...env, NODE_ENV: 'development' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    for (const name of Object.keys(REAL)) expect(result.stderr).toContain(name);
    expect(result.stderr).toContain('STACK_MODE=local');
  });
});
