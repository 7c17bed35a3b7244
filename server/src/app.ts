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
import { Type } from 'typebox';
import { Health } from '../../src/api/contract';
import type { TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { PaymentsMode } from './payments/provider';
import { authHooks } from './plugins/auth';
import { registerHttpBasics } from './plugins/http';
import { registerValidators } from './plugins/validation';
import { createRepositories } from './repositories';
import type { TypedFastify, V1Context } from './routes/context';
import { apiKeyRoutes } from './routes/v1/apiKeys';
import { creditRoutes, stripeWebhookRoute } from './routes/v1/credits';
import { organizationRoutes } from './routes/v1/organization';
import { publicRoutes } from './routes/v1/public';
import { transactionRoutes } from './routes/v1/transactions';

export interface AppDeps {
  config: Pick<ServerConfig, 'corsOrigins' | 'rateLimit' | 'servicesRateLimit'>;
  db: Database;
  verifier: TokenVerifier;
  payments: PaymentsMode;
}

export const API_VERSION = '2.0.1-beta';

/** Largest JSON body the account API reads. */
export const ACCOUNT_BODY_LIMIT = 64 * 1024;

export const accountApp: FastifyPluginAsync<AppDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() as TypedFastify;
  app.decorateRequest('user', null);
  registerValidators(app);

  await registerHttpBasics(app, {
    corsOrigins: deps.config.corsOrigins,
    rateLimit: deps.config.rateLimit,
    allowedHeaders: ['x-api-key'],
    notFoundMessage: (request) => `No route ${request.method} ${request.url.split('?')[0]}.`,
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
        },
      },
    },
  });

  const ctx: V1Context = {
    repos: createRepositories(deps.db),
    verifier: deps.verifier,
    payments: deps.payments,
    hooks: authHooks(deps.verifier),
  };

  app.get('/health', { schema: { hide: true, response: { 200: Health } } }, async () => ({
    status: 'ok' as const,
  }));

  await app.register(
    async (v1: TypedFastify) => {
      await v1.register(async (scope: TypedFastify) => publicRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => organizationRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => apiKeyRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => creditRoutes(scope, ctx));
      await v1.register(async (scope: TypedFastify) => stripeWebhookRoute(scope, ctx));
      await v1.register(async (scope: TypedFastify) => transactionRoutes(scope, ctx));
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
// Like fastify-plugin: the error handler, CORS and the rest apply to the caller's instance.
(accountApp as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export async function buildAccountApp(
  deps: AppDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: ACCOUNT_BODY_LIMIT,
    ...options,
  });
  await app.register(accountApp, deps);
  return app;
}
