/**
 * npm run bench:gateway: the metering gateway's overhead. In one run, autocannon against
 *   - a stub inference deployment called directly (the ceiling), and
 *   - the same stub through the services host in production mode (key look-up, limits, balance,
 *     body checks, hold, forward, answer validation, capture),
 * on PostgreSQL (DATABASE_URL) or, without it, embedded PGlite. Prints requests/s and p50/p99.
 * Not a test: numbers depend on the machine.
 *
 *   DATABASE_URL=postgres://… npm run bench:gateway
 */
import type net from 'node:net';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import { createDeps } from '../server/src/bootstrap';
import { readServerConfig } from '../server/src/config';
import { SYSTEM_ACTOR } from '../server/src/repositories/audit';
import { buildServicesApp } from '../server/src/services/app';
import { upstreamBody } from '../server/src/services/upstream-body';
import { ORGANIZATION } from '../tests/server/helpers';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

function port(server: { address(): unknown }): number {
  return (server.address() as net.AddressInfo).port;
}

async function measure(target: string, options: autocannon.Options) {
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  return {
    target,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'non-2xx/errors': result.non2xx + result.errors,
  };
}

async function main() {
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: '#6699cc' },
  })
    .png()
    .toBuffer();
  const image = png.toString('base64');

  // The gateway forwards multipart (upstream-body.ts); the stub reads the body and answers.
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
  const upstream = `http://127.0.0.1:${port(stub.server)}`;

  const config = readServerConfig({
    ...process.env,
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
    SERVICES_RATE_LIMIT_MAX: '100000000',
    SERVICES_IP_RATE_LIMIT_MAX: '100000000',
    LOG_LEVEL: 'warn',
  } as NodeJS.ProcessEnv);
  const { deps, database } = await createDeps(config, {
    verifier: {
      verifyIdToken: async () => {
        throw new Error('no ID tokens in this bench');
      },
      lookupEmailVerified: async () => null,
    },
  });
  const org = await deps.repos.organizations.create(
    { uid: `bench-gateway-${Date.now()}`, email: null, emailVerified: true },
    ORGANIZATION,
    SYSTEM_ACTOR,
  );
  const { secret } = await deps.repos.apiKeys.create(org!.id, 'bench', SYSTEM_ACTOR);
  await deps.db.execute(
    (await import('drizzle-orm'))
      .sql`update organizations set balance_micros = 1000000000000 where id = ${org!.id}`,
  );
  const gateway = await buildServicesApp(deps);
  await gateway.listen({ port: 0, host: '127.0.0.1' });

  const body = JSON.stringify({ image });
  // Called directly, the stub gets the body the gateway would forward.
  const forwarded = upstreamBody(png, { top_k: 5 });
  const parts: Buffer[] = [];
  for await (const chunk of forwarded.chunks()) parts.push(chunk);
  const rows = [
    await measure('stub inference deployment, called directly', {
      url: `${upstream}/image-classification`,
      method: 'POST',
      headers: { 'content-type': forwarded.contentType },
      body: Buffer.concat(parts),
    }),
    await measure(`through the gateway (${database.kind}): metered, forwarded, validated`, {
      url: `http://127.0.0.1:${port(gateway.server)}/image-classification`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': secret },
      body,
    }),
  ];
  console.log(
    `\nautocannon: ${DURATION_S} s per target, ${CONNECTIONS} connections, loopback, 64×64 PNG\n`,
  );
  console.table(rows);
  await gateway.close();
  await stub.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
