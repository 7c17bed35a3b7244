/** Everything both apps need, built from the configuration. */
import type { AppDeps } from './app';
import { cachedVerifier, createFirebaseVerifier, type TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import { openDatabase, type DatabaseHandle, type DatabaseOptions } from './db/client';
import { createKeySecrets } from './lib/keys';
import { createBilling } from './billing/service';
import { createSmtpMailer, type Mailer } from './billing/mailer';
import { createReceiptSender } from './billing/receipts';
import type { PaymentsMode, StripeOverrides } from './payments/provider';
import { createStripePayments } from './payments/stripe';
import { createRepositories } from './repositories';

export interface Overrides extends StripeOverrides {
  database?: DatabaseOptions;
  verifier?: TokenVerifier;
  mailer?: Mailer;
}

export async function createDeps(
  config: ServerConfig,
  overrides: Overrides = {},
): Promise<{ deps: AppDeps; database: DatabaseHandle }> {
  const keySecrets = createKeySecrets({
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
    ? createStripePayments(config.stripe, overrides)
    : { provider: 'sandbox' };
  const mailer =
    overrides.mailer ?? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom });
  repos.payments.onPaid(createReceiptSender({ db: database.db, mailer, siteUrl: config.siteUrl }));
  const billing = createBilling({
    db: database.db,
    repos,
    payments,
    mailer,
    config,
  });
  return {
    database,
    deps: {
      config,
      db: database.db,
      databaseKind: database.kind,
      repos,
      keySecrets,
      mailer,
      billing,
      verifier: cachedVerifier(
        overrides.verifier ?? createFirebaseVerifier(config.firebaseProjectId),
      ),
      payments,
    },
  };
}
