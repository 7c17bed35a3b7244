import type { Database } from '../db/client';
import { createApiKeysRepository } from './apiKeys';
import { createFeedbackRepository } from './feedback';
import { createLedgerRepository } from './ledger';
import { createOrganizationsRepository } from './organizations';
import { createPaymentsRepository } from './payments';
import { createPricingRepository } from './pricing';

export function createRepositories(db: Database) {
  return {
    organizations: createOrganizationsRepository(db),
    apiKeys: createApiKeysRepository(db),
    ledger: createLedgerRepository(db),
    payments: createPaymentsRepository(db),
    pricing: createPricingRepository(db),
    feedback: createFeedbackRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
