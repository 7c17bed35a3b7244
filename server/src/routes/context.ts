import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TokenVerifier } from '../auth/firebase';
import type { Billing } from '../billing/service';
import type { Mailer } from '../billing/mailer';
import type { ServerConfig } from '../config';
import type { KeySecrets } from '../lib/keys';
import type { LeaseKeeper } from '../lib/leases';
import type { Metrics } from '../lib/metrics';
import type { StatusReports } from '../services/status/report';
import type { PaymentsMode } from '../payments/provider';
import type { authHooks } from '../plugins/auth';
import type { Repositories } from '../repositories';
import type { EventStreams } from '../services/event-stream';
import type { EventReader } from '../services/events';
import type { Webhooks } from '../services/webhooks';

export type TypedFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

export interface V1Context {
  config: Pick<
    ServerConfig,
    | 'local'
    | 'sandboxFulfilmentDelayMs'
    | 'webhookRateLimit'
    | 'feedbackRateLimit'
    | 'supportEmail'
    | 'siteUrl'
    | 'publicApiUrl'
  >;
  repos: Repositories;
  /** The leases of this process's running requests under an `Idempotency-Key`. */
  leases: LeaseKeeper;
  keySecrets: KeySecrets;
  mailer: Mailer;
  billing: Billing;
  verifier: TokenVerifier;
  payments: PaymentsMode;
  hooks: ReturnType<typeof authHooks>;
  metrics: Metrics;
  statusReports: StatusReports;
  /** Webhook endpoints, deliveries and their worker (issue 35). */
  webhooks: Webhooks;
  /** The organization's events, read back (issue 35). */
  events: EventReader;
  /** Live event streams (Server-Sent Events) and their hub. */
  eventStreams: EventStreams;
}
