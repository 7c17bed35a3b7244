/** Everything both apps need, built from the configuration. */
import type { AppDeps } from './app';
import { cachedVerifier, createFirebaseVerifier, type TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client';
import { createKeySecrets } from './lib/keys';
import type { CreatePaymentIntent, PaymentsMode } from './payments/provider';
import { createStripePayments } from './payments/stripe';
import { createRepositories } from './repositories';

export interface Overrides {
  database?: DatabaseOptions;
  verifier?: TokenVerifier;
  createPaymentIntent?: CreatePaymentIntent;
}

export async function createDeps(
  config: ServerConfig,
  overrides: Overrides = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const keySecrets = createKeySecrets({
    prefix: config.apiKeyPrefix,
    hmacSecret: config.apiKeyHmacSecret,
    encryptionKey: config.uiKeyEncryptionKey,
  });
  const database = await openDatabase({
    ...(overrides.database ?? { url: config.databaseUrl, pgliteDir: config.pgliteDir }),
    poolSize: config.databasePoolSize,
    migrationHooks: { keySecrets, seller: config.seller },
  });
  const repos = createRepositories(database.db, keySecrets, { seller: config.seller });
  await repos.pricing.seed();
  if (!config.stripe && !config.local) {
    // readServerConfig refuses this already; this guards callers that build a config by hand.
    throw new Error('Sandbox payments run only in local mode (STACK_MODE=local).');
  }
  const payments: PaymentsMode = config.stripe
    ? createStripePayments(config.stripe, { createPaymentIntent: overrides.createPaymentIntent })
    : { provider: 'sandbox' };
  return {
    database,
    deps: {
      config,
      db: database.db,
      databaseKind: database.kind,
      repos,
      keySecrets,
      verifier: cachedVerifier(
        overrides.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
      ),
      payments,
    },
  };
}
