/**
 * One services host for `bench:gateway`, from the source tree given by `--root` (this checkout, or
 * a baseline checkout built beside it): production mode, forwarding to `--upstream`, on a fresh
 * database (a new PostgreSQL database under DATABASE_URL, else PGlite in memory), with one
 * organization, one live key and a large balance. Prints one JSON line, `{"port", "secret"}`,
 * then serves until SIGTERM. Run with the target tree as the working directory, so its
 * tsconfig's path aliases apply.
 */
import type net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freshBenchDatabase } from './database';

function argument(name: string): string {
  const prefix = `--${name}=`;
  const found = process.argv.find((arg) => arg.startsWith(prefix));
  if (!found) throw new Error(`missing ${prefix}…`);
  return found.slice(prefix.length);
}

const root = path.resolve(argument('root'));
const upstream = argument('upstream');
const load = (file: string) => import(pathToFileURL(path.join(root, file)).href);

const freshDatabaseUrl = () => freshBenchDatabase('bench_gateway');

async function main() {
  const { readServerConfig } = await load('server/src/config.ts');
  const { createDeps } = await load('server/src/bootstrap.ts');
  const { buildServicesApp } = await load('server/src/services/app.ts');
  const { SYSTEM_ACTOR } = await load('server/src/repositories/audit.ts');
  const { sql } = await import('drizzle-orm');
  const database = await freshDatabaseUrl();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    STACK_MODE: '',
    FIREBASE_AUTH_EMULATOR_HOST: '',
    FIREBASE_PROJECT_ID: 'visionapi-bench',
    STRIPE_SECRET_KEY: 'sk_test_bench',
    STRIPE_WEBHOOK_SECRET: 'whsec_bench',
    API_KEY_HMAC_SECRET: 'a-bench-hmac-secret-of-at-least-32-characters',
    UI_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    SMTP_URL: 'smtp://127.0.0.1:1',
    SERVER_ROLE: 'services',
    SERVICES_UPSTREAM_URL: upstream,
    UPSTREAM_SHARED_SECRET: process.env.UPSTREAM_SHARED_SECRET ?? '',
    SERVICES_RATE_LIMIT_MAX: '100000000',
    SERVICES_IP_RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
  };
  if (database.url) env.DATABASE_URL = database.url;
  else delete env.DATABASE_URL;
  const config = readServerConfig(env);
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
    { uid: `bench-gateway-${Date.now()}`, email: null, emailVerified: true },
    {
      name: 'Bench Vision Labs',
      website: 'https://bench.example.com',
      country: 'India',
      state: 'Karnataka',
    },
    SYSTEM_ACTOR,
  );
  const { secret } = await deps.repos.apiKeys.create(org.id, 'bench', SYSTEM_ACTOR);
  await deps.db.execute(
    sql`update organizations set balance_micros = 1000000000000 where id = ${org.id}`,
  );
  deps.leases?.start?.();
  const app = await buildServicesApp(deps);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as net.AddressInfo).port;
  process.stdout.write(`${JSON.stringify({ port, secret, database: handle.kind })}\n`);
  const stop = async () => {
    await app.close();
    await handle.close();
    await database.drop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
