/**
 * One services host in production mode for a benchmark, in this process: a stub inference
 * deployment answering an image-classification result at once, a fresh database
 * (bench/database.ts: PostgreSQL with DATABASE_URL, else PGlite in memory), one organization with
 * a large balance and a live API key. bench/jobs.ts and bench/batch.ts use it.
 */
import { randomBytes } from 'node:crypto';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createDeps } from '../server/src/bootstrap';
import { rowsOf as rows } from '../server/src/db/rows';
import { readServerConfig } from '../server/src/config';
import { SYSTEM_ACTOR } from '../server/src/repositories/audit';
import { buildServicesApp } from '../server/src/services/app';
import { freshBenchDatabase } from './database';

/** Raw query rows (the server's own reader), for the benches' SQL. */
export { rows };

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** The stub inference deployment: an image-classification answer, at once. */
async function startStub() {
  const stub = Fastify();
  stub.addContentTypeParser('multipart/form-data', (_request, payload, done) => {
    payload.resume();
    payload.on('end', () => done(null));
  });
  stub.post('/*', async () => ({
    image: { width: 64, height: 64, original_width: 64, original_height: 64 },
    predictions: [
      { label: 'cat', score: 0.91 },
      { label: 'dog', score: 0.07 },
    ],
  }));
  await stub.listen({ port: 0, host: '127.0.0.1' });
  return { stub, url: `http://127.0.0.1:${(stub.server.address() as net.AddressInfo).port}` };
}

export interface BenchHost {
  app: FastifyInstance;
  deps: Awaited<ReturnType<typeof createDeps>>['deps'];
  kind: string;
  organizationId: string;
  /** The live API key's secret. */
  secret: string;
  /** A 64×64 PNG, base64. */
  image: string;
  /** The image-classification price per call, in micro-dollars. */
  priceMicros: number;
  /** The organization's balance now, in micro-dollars. */
  balance: () => Promise<number>;
  close: () => Promise<void>;
}

/** Starts the host; `env` adds server settings (JOBS_CONCURRENCY, …). */
export async function startBenchHost(
  prefix: string,
  env: Record<string, string> = {},
): Promise<BenchHost> {
  const database = await freshBenchDatabase(prefix);
  const { stub, url: upstream } = await startStub();
  const config = readServerConfig({
    FIREBASE_PROJECT_ID: 'visionapi-bench',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    API_KEY_HMAC_SECRET: 'a-bench-hmac-secret-of-at-least-32-characters',
    UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    SERVER_ROLE: 'services',
    SERVICES_UPSTREAM_URL: upstream,
    UPSTREAM_SHARED_SECRET: randomBytes(24).toString('base64url'),
    SERVICES_RATE_LIMIT_MAX: '100000000',
    SERVICES_IP_RATE_LIMIT_MAX: '100000000',
    DATABASE_POOL_SIZE: '20',
    LOG_LEVEL: 'warn',
    ...env,
    ...(database.url ? { DATABASE_URL: database.url } : {}),
  } as NodeJS.ProcessEnv);
  const { deps, database: handle } = await createDeps(config, {
    ...(database.url ? {} : { database: {} }),
    verifier: {
      verifyIdToken: async () => {
        throw new Error('no ID tokens in this bench');
      },
      lookupEmailVerified: async () => null,
    },
  });
  const org = await deps.repos.organizations.create(
    { uid: `${prefix}-${Date.now()}`, email: null, emailVerified: true },
    { name: 'Bench', website: 'https://bench.example.com', country: 'India', state: 'Karnataka' },
    SYSTEM_ACTOR,
  );
  if (!org) throw new Error('no organization');
  const { secret } = await deps.repos.apiKeys.create(org.id, 'bench', SYSTEM_ACTOR);
  await deps.db.execute(
    sql`update organizations set balance_micros = 1000000000000 where id = ${org.id}`,
  );
  const [price] = rows<{ micros: string }>(
    await deps.db.execute(
      sql`select price_per_call_micros as micros from deployments where path = 'image-classification'`,
    ),
  );
  deps.leases.start();
  const app = await buildServicesApp(deps);
  await app.ready();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#6699cc' } })
    .png()
    .toBuffer();
  return {
    app,
    deps,
    kind: handle.kind,
    organizationId: org.id,
    secret,
    image: png.toString('base64'),
    priceMicros: Number(price!.micros),
    balance: async () => {
      const [row] = rows<{ balance: string }>(
        await deps.db.execute(
          sql`select balance_micros as balance from organizations where id = ${org.id}`,
        ),
      );
      return Number(row!.balance);
    },
    close: async () => {
      await app.close();
      await stub.close();
      await handle.close();
      await database.drop();
    },
  };
}
