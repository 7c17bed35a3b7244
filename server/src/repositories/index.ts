import type { Database } from '../db/client';
import { DEFAULT_SELLER, type Seller } from '../billing/invoices';
import type { KeySecrets } from '../lib/keys';
import { createApiKeysRepository } from './apiKeys';
import { createAuditRepository } from './audit';
import { createCallsRepository } from './calls';
import type { BatcherOptions } from '../lib/batcher';
import { createFeedbackRepository } from './feedback';
import { createIdempotencyRepository } from './idempotency';
import { createJobsRepository } from './jobs';
import { createLedgerRepository } from './ledger';
import { createOrganizationsRepository } from './organizations';
import { createPaymentsRepository } from './payments';
import { createPricingRepository } from './pricing';
import { createStatusRepository } from './status';
import { createTeamsRepository } from './teams';
import { createUsageRepository } from './usage';

export function createRepositories(
  db: Database,
  secrets: KeySecrets,
  options: { seller?: Seller; callBatch?: BatcherOptions } = {},
) {
  return {
    organizations: createOrganizationsRepository(db, secrets),
    apiKeys: createApiKeysRepository(db, secrets),
    ledger: createLedgerRepository(db),
    calls: createCallsRepository(db, options.callBatch ? { batch: options.callBatch } : {}),
    jobs: createJobsRepository(db),
    payments: createPaymentsRepository(db, { seller: options.seller ?? DEFAULT_SELLER }),
    pricing: createPricingRepository(db),
    feedback: createFeedbackRepository(db),
    idempotency: createIdempotencyRepository(db),
    usage: createUsageRepository(db),
    teams: createTeamsRepository(db, secrets),
    audit: createAuditRepository(db),
    status: createStatusRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
