/**
 * The account backend (`/v1`) as a Fastify plugin plus a factory that builds
 * a ready-to-listen instance. server.ts listens; tests call
 * `buildAccountApp` and use `app.inject`.
 */
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { Health, ORGANIZATION_HEADER } from '@contract';
import type { TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { Billing } from './billing/service';
import type { Mailer } from './billing/mailer';
import type { Redis } from 'ioredis';
import type { KeySecrets } from './lib/keys';
import type { LeaseKeeper } from './lib/leases';
import type { PaymentsMode } from './payments/provider';
import { accessControl, describeAccess, endpointKey } from './plugins/access';
import { authHooks } from './plugins/auth';
import { healthRateLimit } from './plugins/health-limit';
import { echoedPath, frameworkErrors, registerHttpBasics } from './plugins/http';
import { registerValidators } from './plugins/validation';
import type { Repositories } from './repositories';
import type { TypedFastify, V1Context } from './routes/context';
import { apiKeyRoutes } from './routes/v1/apiKeys';
import { creditRoutes } from './routes/v1/credits';
import { stripeWebhookRoute } from './routes/v1/stripeWebhook';
import { organizationRoutes } from './routes/v1/organization';
import { publicRoutes } from './routes/v1/public';
import { transactionRoutes } from './routes/v1/transactions';
import { billingRoutes } from './routes/v1/billing';
import { teamRoutes } from './routes/v1/teams';
import { usageRoutes } from './routes/v1/usage';

export interface AppDeps {
  config: ServerConfig;
  db: Database;
  databaseKind: 'postgres' | 'pglite';
  /** Valkey/Redis for rate-limit counters shared by processes (`REDIS_URL`); null: in memory. */
  redis: Redis | null;
  /** The leases of the calls this process runs (holds, `Idempotency-Key` records). */
  leases: LeaseKeeper;
  repos: Repositories;
  keySecrets: KeySecrets;
  mailer: Mailer;
  billing: Billing;
  verifier: TokenVerifier;
  payments: PaymentsMode;
}

export const API_VERSION = '2.0.1-beta';

/** Health answers may be cached this long by shared caches (CDN, proxies): cheap to poll. */
export const HEALTH_CACHE_CONTROL = 'public, max-age=5';

/** Largest JSON body the account API reads. */
export const ACCOUNT_BODY_LIMIT = 64 * 1024;

const accountPlugin: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() as TypedFastify;
  app.decorateRequest('user', null);
  app.decorateRequest('access', null);
  app.decorateRequest('actor', null);
  registerValidators(app);

  await registerHttpBasics(app, {
    corsOrigins: deps.config.corsOrigins,
    rateLimit: deps.config.rateLimit,
    redis: deps.redis,
    rateLimitNamespace: 'api',
    allowedHeaders: ['x-api-key', ORGANIZATION_HEADER],
    notFoundMessage: (request) => `No route ${request.method} ${echoedPath(request)}.`,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vision API platform: account API',
        version: API_VERSION,
        description:
          'Organizations, API keys, credits, payments and usage. Every non-2xx answer is ' +
          '`{"error_message": string}`.',
      },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Firebase ID token',
          },
          adminKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Admin key (va_admin_…)',
            description:
              'An admin key acts on its own organization with its own role, where the operation allows admin keys.',
          },
        },
      },
    },
    // Each operation says who may call it, from the contract's declaration (V1_ACCESS).
    transform: ({ schema, url, route }) => {
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const access = url.startsWith('/v1/') ? describeAccess(endpointKey(method, url)) : null;
      if (!access || !schema) return { schema, url };
      const own = (schema as { description?: string }).description;
      const transformed: Record<string, unknown> = {
        ...schema,
        description: own
          ? `${own}\n\n**Who may call it:** ${access}`
          : `**Who may call it:** ${access}`,
      };
      if (access.includes('admin key of that role')) {
        transformed.security = [{ bearerAuth: [] }, { adminKey: [] }];
      }
      return { schema: transformed as typeof schema, url };
    },
  });

  deps.billing.useLogger(app.log);
  const hooks = authHooks(deps.verifier);
  const ctx: V1Context = {
    config: deps.config,
    repos: deps.repos,
    leases: deps.leases,
    keySecrets: deps.keySecrets,
    mailer: deps.mailer,
    billing: deps.billing,
    verifier: deps.verifier,
    payments: deps.payments,
    hooks,
  };
  const access = accessControl({ hooks, teams: deps.repos.teams, keySecrets: deps.keySecrets });

  // Load balancers poll this, and the site's status page from every reader's browser. It answers
  // a constant (no database, no secret); shared caches may keep it 5 seconds
  // (HEALTH_CACHE_CONTROL). Its limit per IP is kept in memory (plugins/health-limit.ts), not in
  // the rate limiter's PostgreSQL store, which would cost a write per probe.
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      onRequest: healthRateLimit(deps.config.healthRateLimit),
      schema: { hide: true, response: { 200: Health } },
    },
    async (_request, reply) => {
      reply.header('cache-control', HEALTH_CACHE_CONTROL);
      return { status: 'ok' as const };
    },
  );

  await app.register(
    async (v1: TypedFastify) => {
      v1.addHook('onRoute', access.onRoute);
      await v1.register(async (scope: TypedFastify) => publicRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => organizationRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => apiKeyRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => creditRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => stripeWebhookRoute(scope, ctx));
      await v1.register(async (scope: TypedFastify) => transactionRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => billingRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => usageRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => teamRoutes(scope, ctx));
      v1.get(
        '/openapi.json',
        {
          schema: {
            hide: true,
            response: { 200: Type.Object({}, { additionalProperties: true }) },
          },
        },
        async () => app.swagger(),
      );
    },
    { prefix: '/v1' },
  );
};
/** The account API as a plugin: its error handler, CORS and limits apply to the caller's instance. */
export const accountApp = fp(accountPlugin, { name: 'visionapi-account', fastify: '5.x' });

export async function buildAccountApp(
  deps: AppDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: ACCOUNT_BODY_LIMIT,
    frameworkErrors,
    ...options,
  });
  await app.register(accountApp, deps);
  return app;
}
