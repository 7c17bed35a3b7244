import type { Database } from '../db/client';
import type { KeySecrets } from '../lib/keys';
import { createApiKeysRepository } from './apiKeys';
import { createFeedbackRepository } from './feedback';
import { createIdempotencyRepository } from './idempotency';
import { createLedgerRepository } from './ledger';
import { createOrganizationsRepository } from './organizations';
import { createPaymentsRepository } from './payments';
import { createPricingRepository } from './pricing';

export function createRepositories(db: Database, secrets: KeySecrets) {
  return {
    organizations: createOrganizationsRepository(db, secrets),
    apiKeys: createApiKeysRepository(db, secrets),
    ledger: createLedgerRepository(db),
    payments: createPaymentsRepository(db),
    pricing: createPricingRepository(db),
    feedback: createFeedbackRepository(db),
    idempotency: createIdempotencyRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
