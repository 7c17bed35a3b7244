import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import { ErrorResponse } from '@contract';
import type { TokenVerifier } from '../auth/firebase';
import type { Billing } from '../billing/service';
import type { ServerConfig } from '../config';
import { NO_ORGANIZATION_MESSAGE, notFound } from '../lib/errors';
import type { PaymentsMode } from '../payments/provider';
import type { authHooks } from '../plugins/auth';
import type { Repositories } from '../repositories';
import type { OrganizationRow } from '../repositories/organizations';

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
    'local' | 'sandboxFulfilmentDelayMs' | 'webhookRateLimit' | 'supportEmail'
  >;
  repos: Repositories;
  billing: Billing;
  verifier: TokenVerifier;
  payments: PaymentsMode;
  hooks: ReturnType<typeof authHooks>;
}

/** Error answers a route documents, besides rate limiting (429) and internal errors (500). */
export function errorResponses<const C extends readonly number[]>(...codes: C) {
  const result: Record<number, typeof ErrorResponse> = {};
  for (const code of [...codes, 429, 500]) result[code] = ErrorResponse;
  return result as { [K in C[number] | 429 | 500]: typeof ErrorResponse };
}

/** The caller's organization; 404 when they have not registered one. */
export async function requireOrganization(ctx: V1Context, uid: string): Promise<OrganizationRow> {
  const org = await ctx.repos.organizations.findByOwner(uid);
  if (!org) throw notFound(NO_ORGANIZATION_MESSAGE);
  return org;
}

export const SECURITY = [{ bearerAuth: [] }];
