/** Everything both apps need, built from the configuration. */
import type { AppDeps } from './app';
import { createFirebaseVerifier, type TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client';
import type { CreatePaymentIntent, PaymentsMode } from './payments/provider';
import { createStripePayments } from './payments/stripe';
import { createPricingRepository } from './repositories/pricing';

export interface Overrides {
  database?: DatabaseOptions;
  verifier?: TokenVerifier;
  createPaymentIntent?: CreatePaymentIntent;
}

export async function createDeps(
  config: ServerConfig,
  overrides: Overrides = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const database = await openDatabase(
    overrides.database ?? { url: config.databaseUrl, pgliteDir: config.pgliteDir },
  );
  await createPricingRepository(database.db).seed();
  const payments: PaymentsMode = config.stripe
    ? createStripePayments(config.stripe, { createPaymentIntent: overrides.createPaymentIntent })
    : { provider: 'sandbox' };
  return {
    database,
    deps: {
      config,
      db: database.db,
      verifier: overrides.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
      payments,
    },
  };
}
