/**
 * The account backend (`/v1`) as a Fastify plugin plus a factory that builds
 * a ready-to-listen instance. server.ts listens; tests call
 * `buildAccountApp` and use `app.inject`.
 */
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyPluginAsync,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { ACCOUNT_TAGS, Health, ORGANIZATION_HEADER } from '@contract';
import type { TokenVerifier } from './auth/firebase';
import type { ServerConfig } from './config';
import type { Database } from './db/client';
import type { Billing } from './billing/service';
import type { Mailer } from './billing/mailer';
import type { Redis } from 'ioredis';
import type { KeySecrets } from './lib/keys';
import type { LeaseKeeper } from './lib/leases';
import type { Metrics } from './lib/metrics';
import type { StatusRecorder } from './services/status/recorder';
import type { StatusReports } from './services/status/report';
import type { PaymentsMode } from './payments/provider';
import { ApiError } from './lib/errors';
import { accessControl } from './plugins/access';
import { decorateDocument } from './openapi/document';
import { authHooks } from './plugins/auth';
import { healthRateLimit } from './plugins/health-limit';
import { echoedPath, frameworkErrors, registerHttpBasics, requestIdOptions } from './plugins/http';
import { registerValidators } from './plugins/validation';
import type { Repositories } from './repositories';
import type { TypedFastify, V1Context } from './routes/context';
import { registerOperations, servedOperations, type Handlers } from './routes/operations';
import { apiKeyHandlers } from './routes/v1/apiKeys';
import { creditHandlers } from './routes/v1/credits';
import { keepRawJsonBody, stripeWebhookHandlers } from './routes/v1/stripeWebhook';
import { organizationHandlers } from './routes/v1/organization';
import { publicHandlers } from './routes/v1/public';
import { transactionHandlers } from './routes/v1/transactions';
import { billingHandlers } from './routes/v1/billing';
import { teamHandlers } from './routes/v1/teams';
import { usageHandlers } from './routes/v1/usage';
import { statusHandlers } from './routes/v1/status';
import { webhookHandlers } from './routes/v1/webhooks';
import { eventHandlers } from './routes/v1/events';
import { createEventNotifier } from './services/event-notifier';
import {
  createEventStreams,
  type EventStreams,
  type EventStreamSettings,
} from './services/event-stream';
import { eventReader } from './services/events';
import { createWebhooks, type Webhooks } from './services/webhooks';
import type { LookupAll } from './lib/safe-fetch';
import { ACCOUNT_API_COMPONENT } from '@contract/status-data';
import { sharedSchemaCompilers } from './lib/schema-compilers';

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
  /** Prometheus counters of this process (served on METRICS_PORT, not here). */
  metrics: Metrics;
  /** Counts outcomes for the status page and flushes them every few seconds. */
  status: StatusRecorder;
  statusReports: StatusReports;
  /** The PostgreSQL connection string (the webhook worker LISTENs on a connection of its own). */
  databaseUrl?: string;
  /** The resolver of webhook endpoint host names (tests); default: the system's. */
  webhookLookup?: LookupAll;
  /** Event stream settings (tests: a short heartbeat and re-check). */
  eventStreamSettings?: Partial<EventStreamSettings>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook endpoints, deliveries and the worker that sends them (issue 35). */
    webhooks: Webhooks;
    /** Live event streams of `GET /v1/events/stream` (issue 35). */
    eventStreams: EventStreams;
  }
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
    rateLimitNamespace: `${deps.config.redisKeyPrefix}:api`,
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
          'Organizations, API keys, credits, payments, usage and teams. Every error answer is ' +
          '`{"error_message", "code", "request_id"}` (and `details` where a program can use ' +
          'them): branch on `code`, a stable value of `x-error-codes`; every answer carries ' +
          '`x-request-id`, every error `x-should-retry`, and a retryable one `Retry-After`. ' +
          'Member operations act on the organization named by `x-organization-id`, or the one ' +
          'last selected.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Firebase ID token',
            description: "A signed-in person's Firebase ID token.",
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
    transformObject: (document) =>
      decorateDocument((document as { openapiObject: Record<string, unknown> }).openapiObject, {
        serverUrl: deps.config.publicApiUrl,
        serverDescription: 'The account API (paths start with /v1)',
        tags: ACCOUNT_TAGS,
      }),
  });

  deps.billing.useLogger(app.log);
  const hooks = authHooks(deps.verifier);
  // The webhook dispatcher and delivery worker run while the app does: started when it is
  // ready, stopped (timers, LISTEN connection, the pass in flight) when it closes.
  // PostgreSQL: one LISTEN connection of the process wakes both the webhook dispatcher and the
  // event streams' hub.
  const notifier = createEventNotifier({
    databaseUrl: deps.databaseKind === 'postgres' ? deps.databaseUrl : undefined,
    log: app.log,
  });
  const webhooks = createWebhooks({
    db: deps.db,
    notifier,
    keySecrets: deps.keySecrets,
    mailer: deps.mailer,
    local: deps.config.local,
    siteUrl: deps.config.siteUrl,
    settings: deps.config.webhooks,
    log: app.log,
    lookup: deps.webhookLookup,
  });
  app.decorate('webhooks', webhooks);
  app.addHook('onReady', async () => webhooks.start());
  app.addHook('onClose', async () => webhooks.stop());
  const eventStreams = createEventStreams({
    db: deps.db,
    notifier,
    teams: deps.repos.teams,
    keySecrets: deps.keySecrets,
    verifier: deps.verifier,
    settings: deps.eventStreamSettings,
    log: app.log,
  });
  app.decorate('eventStreams', eventStreams);
  // Open streams would hold the server's close: they end first (clients resume elsewhere).
  app.addHook('preClose', async () => eventStreams.closeAll());
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
    metrics: deps.metrics,
    statusReports: deps.statusReports,
    webhooks,
    events: eventReader(deps.db),
    eventStreams,
  };

  // Every answer feeds the operators' metrics; every /v1 answer the status page's availability
  // and latency of the account API (in memory, flushed every few seconds: no write per call).
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    deps.metrics.httpAnswer('api', request.method, route, reply.statusCode, seconds);
    if (route.startsWith('/v1/'))
      deps.status.record(ACCOUNT_API_COMPONENT, reply.statusCode, reply.elapsedTime);
  });
  // Besides the limit per client IP, one per caller once they are known: a person's uid or an
  // admin key's id, in the same store (memory, or Redis with REDIS_URL).
  const perCaller = app.createRateLimit({
    max: deps.config.userRateLimit.max,
    timeWindow: deps.config.userRateLimit.timeWindowMs,
    keyGenerator: (request: FastifyRequest) =>
      request.actor?.kind === 'admin_key'
        ? `admin-key:${request.actor.id}`
        : `user:${request.user?.uid ?? request.ip}`,
  });
  const limitCaller = async (request: FastifyRequest) => {
    const limit = await perCaller(request);
    if (limit.isAllowed || !limit.isExceeded) return;
    throw new ApiError(
      'rate_limited',
      `Too many requests from this account. Try again in ${limit.ttlInSeconds} seconds.`,
      {
        retryAfterSeconds: limit.ttlInSeconds,
        details: {
          scope: request.actor?.kind === 'admin_key' ? 'admin_key' : 'account',
          limit: limit.max,
          window_seconds: Math.round(deps.config.userRateLimit.timeWindowMs / 1000),
          resets_at: new Date(Date.now() + limit.ttl).toISOString(),
        },
      },
    );
  };
  const access = accessControl({
    hooks,
    teams: deps.repos.teams,
    keySecrets: deps.keySecrets,
    limitCaller,
  });

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
      // Every operation of the table, each with its handler (a missing one does not typecheck).
      const handlers: Handlers = {
        ...publicHandlers(ctx),
        ...organizationHandlers(ctx),
        ...apiKeyHandlers(ctx),
        ...creditHandlers(ctx),
        ...stripeWebhookHandlers(ctx),
        ...transactionHandlers(ctx),
        ...billingHandlers(ctx),
        ...usageHandlers(ctx),
        ...teamHandlers(ctx),
        ...statusHandlers(ctx),
        ...webhookHandlers(ctx),
        ...eventHandlers(ctx),
      };
      const served = servedOperations(deps.payments.provider);
      await v1.register(async (scope: TypedFastify) =>
        registerOperations(
          scope,
          handlers,
          served.filter((id) => id !== 'receiveStripeWebhook'),
        ),
      );
      if (served.includes('receiveStripeWebhook')) {
        await v1.register(async (scope: TypedFastify) => {
          keepRawJsonBody(scope);
          registerOperations(scope, handlers, ['receiveStripeWebhook']);
        });
      }
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
    schemaController: sharedSchemaCompilers,
    frameworkErrors,
    ...requestIdOptions,
    ...options,
  });
  await app.register(accountApp, deps);
  return app;
}
