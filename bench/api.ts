/**
 * npm run bench:api: autocannon against a bare Fastify route, an
 * authenticated GET /v1/api-key and a metered services call, all in one
 * process on localhost (in-memory PGlite, emulator-style tokens). Prints
 * requests/s and p50/p99 latency. Not a test: numbers depend on the machine.
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import sharp from 'sharp';
import { buildAccountApp } from '../server/src/app';
import { createDeps } from '../server/src/bootstrap';
import { readServerConfig } from '../server/src/config';
import { buildServicesApp } from '../server/src/services/app';
import { emulatorToken, emulatorTokenVerifier, ORGANIZATION } from '../tests/server/helpers';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function run(title: string, options: Record<string, unknown>) {
  const result = await autocannon({ duration: DURATION_S, connections: CONNECTIONS, ...options });
  const non2xx = result.non2xx + result.errors;
  return {
    title,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: result.requests.total,
    'non-2xx/errors': non2xx,
  };
}

async function main() {
  const config = {
    ...readServerConfig({} as NodeJS.ProcessEnv),
    rateLimit: { max: 10_000_000, timeWindowMs: 60_000 },
    servicesRateLimit: { max: 10_000_000, timeWindowMs: 60_000 },
  };
  const { deps, database } = await createDeps(config, {
    database: {},
    verifier: emulatorTokenVerifier,
  });
  const api = await buildAccountApp(deps);
  const services = await buildServicesApp(deps);
  const bare = Fastify();
  bare.get('/ping', async () => ({ ok: true }));
  const [apiUrl, servicesUrl, bareUrl] = await Promise.all([
    api.listen({ port: 0, host: '127.0.0.1' }),
    services.listen({ port: 0, host: '127.0.0.1' }),
    bare.listen({ port: 0, host: '127.0.0.1' }),
  ]);

  const auth = {
    authorization: `Bearer ${emulatorToken('bench-user')}`,
    'content-type': 'application/json',
  };
  await api.inject({
    method: 'POST',
    url: '/v1/organization',
    headers: auth,
    payload: ORGANIZATION,
  });
  const key = (await api.inject({ method: 'GET', url: '/v1/api-key', headers: auth })).json()
    .api_keys[0].key;
  const order = (
    await api.inject({
      method: 'POST',
      url: '/v1/credits',
      headers: auth,
      payload: { price_in_usd: 10000 },
    })
  ).json();
  await api.inject({
    method: 'POST',
    url: '/v1/credits/sandbox/confirm',
    headers: auth,
    payload: { order_id: order.order_id },
  });
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 150, b: 210 } },
  })
    .png()
    .toBuffer();

  console.log(`autocannon: ${DURATION_S}s per target, ${CONNECTIONS} connections, localhost\n`);
  const rows = [
    await run('bare Fastify GET /ping', { url: `${bareUrl}/ping` }),
    await run('GET /v1/api-key (auth + DB)', { url: `${apiUrl}/v1/api-key`, headers: auth }),
    await run('POST /image-classification (metered, 64×64 PNG)', {
      url: `${servicesUrl}/image-classification`,
      method: 'POST',
      headers: { 'api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ image: image.toString('base64') }),
    }),
  ];
  console.table(rows);
  await Promise.all([api.close(), services.close(), bare.close()]);
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
