/**
 * Listens: the account backend (/v1) and the sandbox services host, on two
 * ports in one process, because embedded PGlite allows one connection and
 * both need the same wallet.
 */
import { buildAccountApp } from './app';
import { createDeps } from './bootstrap';
import { readServerConfig } from './config';
import { buildServicesApp } from './services/app';

async function main() {
  const config = readServerConfig();
  const logger = {
    level: config.logLevel,
  };
  const { deps, database } = await createDeps(config);
  const serverOptions = {
    logger,
    connectionTimeout: 30_000,
    requestTimeout: 60_000,
    forceCloseConnections: true,
  };
  const api = await buildAccountApp(deps, serverOptions);
  const services = await buildServicesApp(deps, serverOptions);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    api.log.info(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await Promise.allSettled([api.close(), services.close()]);
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await api.listen({ port: config.apiPort, host: config.host });
  await services.listen({ port: config.servicesPort, host: config.host });
  const store = database.kind === 'pglite' ? `PGlite at ${config.pgliteDir}` : 'PostgreSQL';
  const payments = deps.payments.provider === 'stripe' ? 'Stripe' : 'sandbox';
  api.log.info(
    `ready: account API http://localhost:${config.apiPort}/v1 · services http://localhost:${config.servicesPort} · ${store} · payments: ${payments}` +
      (config.authEmulatorHost ? ` · Auth emulator ${config.authEmulatorHost}` : ''),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
