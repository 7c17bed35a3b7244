/**
 * The services host, the metering gateway: `POST /{task}` or `POST /{task}/{sub}` per public
 * deployment, authenticated by the `api-key` header. A live key's call is forwarded to the
 * deployment's upstream (gateway.ts): the inference deployment in production, the sample upstream
 * (sample-upstream.ts, on the loopback interface) in local mode, so both take the same path. A
 * test key's call is answered by the sample answerer in this process, free, never forwarded.
 *
 * The order of work is the order of cost, so a stranger's request is refused as cheaply as
 * possible and nobody pays for a failure:
 *   1. per-IP rate limit (junk keys included), before anything else;
 *   2. the key: length check, a short negative cache, one indexed look-up by its keyed hash;
 *      then the per-key rate limit and the balance check, all before the body is read;
 *   3. the body: size and type checks, then the parameters;
 *   4. `Idempotency-Key`: a retry gets the first answer, uncharged;
 *   5. the price is held from the wallet, the call is forwarded to its upstream (a bounded number
 *      at a time, timeouts, a circuit per upstream) and the answer validated, then the hold is
 *      captured into a ledger row, or released on any failure (502/503/504, nothing charged).
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import {
  DEPLOYMENT_ERRORS,
  deploymentAnswerSchema,
  deploymentOperationId,
  ERROR_CODES,
  type ErrorCode,
  COMING_SOON_DEPLOYMENTS,
  DEMO_KEY_CALLS_PER_MINUTE,
  DEPLOYMENT_PATHS,
  ErrorResponse,
  ImageJsonBody,
  Job,
  JOB_ERRORS,
  JOB_RETENTION_HOURS,
  MAX_IMAGE_BYTES,
  MAX_JOB_ID_LENGTH,
  RESPOND_ASYNC,
  PUBLIC_DEPLOYMENTS,
  type DeploymentPath,
} from '@contract';
import { API_VERSION, HEALTH_CACHE_CONTROL, type AppDeps } from '../app';
import { ApiError, codeForStatus } from '../lib/errors';
import {
  IDEMPOTENCY_HEADER_DESCRIPTION,
  MAX_IDEMPOTENCY_KEY,
  superseded,
} from '../lib/idempotency';
import { MAX_SECRET_LENGTH } from '../lib/keys';
import { echoedPath, frameworkErrors, registerHttpBasics, requestIdOptions } from '../plugins/http';
import { decorateDocument, SPEND_CAP_HEADERS } from '../openapi/document';
import { healthRateLimit } from '../plugins/health-limit';
import { DEMO_OWNER_UID, type ApiKeyRow } from '../repositories/apiKeys';
import type { OrganizationRow } from '../repositories/organizations';
import type { TypedFastify } from '../routes/context';
import { checkUrl, SafeFetchError, type LookupAll } from '../lib/safe-fetch';
import { loadImageUrl } from './image-url';
import { batchCall, isBatchAnswer, runBatchJob, type BatchAnswer } from './batch';
import { readImageCall, sniffImageType, validateParams, type BatchImage } from './input';
import { createGateway } from './gateway';
import { startSampleUpstream } from './sample-upstream';
import { createKeyChangeNotifier } from './event-notifier';
import { createKeyCache } from './key-cache';
import { keyLimitRefusal } from './key-limits';
import {
  answerFromRecord,
  claimOf,
  isRecordAnswer,
  meteredCall,
  insufficientCredits,
  precheck,
  refusalError,
  type Usage,
} from './metering';
import { createJobEngine, JOB_ID_PATTERN, newJobId, type JobEngine } from './jobs';
import { microsToUsd } from '../lib/money';
import type { JobRow } from '../repositories/jobs';
import { randomUUID } from 'node:crypto';
import { createRenderPool, type Renderer } from './render/pool';
import { sharedSchemaCompilers } from '../lib/schema-compilers';

export interface ServicesDeps extends Pick<
  AppDeps,
  | 'config'
  | 'db'
  | 'databaseKind'
  | 'databaseUrl'
  | 'repos'
  | 'keySecrets'
  | 'billing'
  | 'redis'
  | 'leases'
  | 'metrics'
  | 'status'
> {
  /**
   * The sample answerer (test keys' calls, and the sample upstream's in local mode): decodes and
   * renders in worker threads; tests may pass their own.
   */
  renderer?: Renderer;
  /**
   * The resolver `image_url` fetches use (tests give one that answers a private address for a
   * public-looking name, to prove it is refused). Default: the system's.
   */
  imageUrlLookup?: LookupAll;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: { key: ApiKeyRow; organization: OrganizationRow } | null;
    price: { micros: number } | null;
  }
  interface FastifyInstance {
    /** The internal `/health/details` listener's base URL, when one is configured. */
    healthDetailsUrl: () => string | null;
    /** The async jobs' engine of this services host (tests run its sweep at will). */
    jobs: JobEngine;
  }
}

/**
 * `/health`: each upstream's deployments and circuit state. The details (origin, failures, times)
 * only in local mode; in production they are on the internal address (`/health/details`).
 */
const ServicesHealth = Type.Object({
  status: Type.Literal('ok'),
  upstreams: Type.Optional(
    Type.Array(
      Type.Object({
        origin: Type.Optional(Type.String()),
        deployments: Type.Array(Type.String()),
        state: Type.Union([
          Type.Literal('closed'),
          Type.Literal('open'),
          Type.Literal('half_open'),
        ]),
        consecutive_failures: Type.Optional(Type.Integer({ minimum: 0 })),
        last_success_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        last_failure_at: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        last_failure: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      }),
    ),
  ),
});

/** JSON bodies carry the image as base64 (4/3 of its size) plus parameters. */
export const SERVICES_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

export const MISSING_KEY_MESSAGE = 'Missing API key: send it in the "api-key" header.';
export const UNKNOWN_KEY_MESSAGE = 'Unknown API key. Check the key on the API keys page.';

/** Error answers by status, with their codes, for an operation's OpenAPI responses. */
function errorResponses(list: readonly ErrorCode[], charged = 'Nothing was charged.') {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of list) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()].map(([status, codes]) => [
      status,
      {
        description: `Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.${charged ? ` ${charged}` : ''}`,
        'x-error-codes': codes,
        content: { 'application/json': { schema: ErrorResponse } },
      },
    ]),
  );
}

/** The error answers of a deployment call, by status, with their codes. */
const DEPLOYMENT_ERROR_RESPONSES = errorResponses(DEPLOYMENT_ERRORS);
const JOB_ERROR_RESPONSES = errorResponses(JOB_ERRORS, '');

/** 429: the organization's queue of jobs is full (nothing was held). */
function queueFull(cap: number): ApiError {
  return new ApiError(
    'job_queue_full',
    `Your organization has ${cap} queued jobs, as many as it may have at once. Retry when some have started; nothing was charged.`,
    { retryAfterSeconds: 10, details: { queued_cap: cap } },
  );
}

/** 503: a job's acceptance did not commit in time (nothing was held). */
function jobNotAccepted(): ApiError {
  return new ApiError(
    'service_unavailable',
    'The job could not be accepted in time; nothing was held or charged. Retry.',
    { retryAfterSeconds: 1 },
  );
}

/**
 * Sends an accepted job's wake-up to the queue and sets its 202's headers. A wake-up lost (this
 * process dies right now, the queue refuses it) is sent by the sweep of any process.
 */
async function wakeJob(
  jobs: { enqueue: (id: string, bossId: string) => Promise<unknown> },
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
  bossId: string,
): Promise<void> {
  await jobs
    .enqueue(id, bossId)
    .catch((error: unknown) =>
      request.log.warn(
        { job_id: id, err: (error as Error)?.message },
        'job wake-up not sent; the sweep will send it',
      ),
    );
  jobHeaders(reply, id);
}

/** The headers of a job's 202: where to poll it, and that the preference was applied. */
function jobHeaders(reply: FastifyReply, id: string): void {
  reply.header('location', `/jobs/${id}`);
  reply.header('preference-applied', RESPOND_ASYNC);
}

const comingSoon = new Set<string>(COMING_SOON_DEPLOYMENTS.map((d) => d.task));

function trimSlashes(path: string): string {
  let start = 0;
  let end = path.length;
  while (start < end && path.charCodeAt(start) === 0x2f) start++;
  while (end > start && path.charCodeAt(end - 1) === 0x2f) end--;
  return path.slice(start, end);
}

function notFoundMessage(request: FastifyRequest): string {
  const path = trimSlashes(echoedPath(request));
  const task = path.split('/', 1)[0] ?? '';
  const available = `Available: ${DEPLOYMENT_PATHS.join(', ')}.`;
  if (comingSoon.has(task))
    return `The ${task} deployment is coming soon and cannot be called yet. ${available}`;
  return `Unknown deployment "${path}". ${available}`;
}

/** A digest of what the call asks for, so a reused Idempotency-Key with another request is caught. */
/** A batch's request: its images (bytes, or URLs) in order, and the shared parameters. */
export function batchDigest(
  path: string,
  images: BatchImage[],
  params: Record<string, unknown>,
  /** A batch sent with `Prefer: respond-async` (a job) is another request than the same batch. */
  async = false,
): string {
  const hash = createHash('sha256')
    .update(async ? 'job\0' : '')
    .update('batch\0')
    .update(path)
    .update('\0');
  hash.update(JSON.stringify(params));
  for (const item of images) {
    hash.update('\0');
    if (item.image) hash.update(createHash('sha256').update(item.image).digest());
    else hash.update(`image_url:${item.imageUrl}`);
  }
  return hash.digest('hex');
}

export function requestDigest(
  path: string,
  image: Buffer,
  params: Record<string, unknown>,
  async = false,
): string {
  return createHash('sha256')
    .update(async ? 'job\0' : '')
    .update(path)
    .update('\0')
    .update(JSON.stringify(params))
    .update('\0')
    .update(image)
    .digest('hex');
}

/**
 * Does the request ask for a job (`Prefer: respond-async`, RFC 7240)? Each preference is a token,
 * optionally `=value` and `;parameters`, separated by commas; several `Prefer` headers count as one
 * list. Read up to a bound (the header is limited by the server already).
 */
export function prefersAsync(header: string | string[] | undefined): boolean {
  if (!header) return false;
  const text = (Array.isArray(header) ? header.join(',') : header).slice(0, 1024);
  return text.split(',').some((preference) => {
    const token = preference.split(/[;=]/, 1)[0]!.trim().toLowerCase();
    return token === RESPOND_ASYNC;
  });
}

/** A job as its answers show it (contract `Job`). */
export function presentJob(job: JobRow): Job {
  return {
    object: 'job',
    id: job.id,
    status: job.status,
    deployment: job.deployment,
    price_usd: microsToUsd(job.priceMicros),
    created_at: job.createdAt,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
    expires_at: job.expiresAt,
    retention_hours: JOB_RETENTION_HOURS,
    result: job.status === 'succeeded' ? ((job.result as Record<string, unknown>) ?? null) : null,
    error: job.status === 'failed' ? job.error : null,
  };
}

const servicesPlugin: FastifyPluginAsync<ServicesDeps> = async (fastify, deps) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>() as TypedFastify;
  const repos = deps.repos;
  app.decorateRequest('apiKey', null);
  app.decorateRequest('price', null);

  // The sample answerer renders sample answers in worker pools (503 with Retry-After when one is
  // full). Free calls (test keys, the docs' demo key), in this process, have a small pool of their
  // own and a lower pixel limit, so they cannot take the paying callers' workers; in local mode
  // every live key's call is answered by the other pool, behind the sample upstream, an HTTP
  // server on the loopback interface.
  let livePool: ReturnType<typeof createRenderPool> | null = null;
  let freePool: ReturnType<typeof createRenderPool> | null = null;
  const liveAnswerer: Renderer =
    deps.renderer ??
    ((task) => {
      livePool ??= createRenderPool({
        threads: deps.config.renderThreads,
        maxQueue: deps.config.renderQueue,
      });
      return livePool.run({ maxPixels: deps.config.liveMaxPixels, ...task });
    });
  const freeAnswerer: Renderer =
    deps.renderer ??
    ((task) => {
      freePool ??= createRenderPool({
        threads: deps.config.testRenderThreads,
        maxQueue: deps.config.testRenderQueue,
      });
      return freePool.run(task);
    });
  // Live keys' calls go through the metering gateway in every mode: production forwards them to
  // the inference deployments, local mode to the sample upstream. The gateway authenticates
  // itself to its upstreams with a shared secret: in local mode a random one per process, known
  // to the sample upstream only (nothing to configure).
  const upstreams = deps.config.upstreams;
  const localSecret = upstreams.sampleUpstream
    ? (upstreams.sharedSecret ?? randomBytes(32).toString('base64url'))
    : null;
  const sampleUpstream = upstreams.sampleUpstream
    ? await startSampleUpstream(liveAnswerer, fastify.log, { secret: localSecret })
    : null;
  const gateway = createGateway(
    sampleUpstream
      ? {
          ...upstreams,
          urls: Object.fromEntries(DEPLOYMENT_PATHS.map((path) => [path, sampleUpstream.url])),
          sharedSecret: localSecret,
        }
      : upstreams,
    // The status page's incidents follow the circuits: each says failed calls were not charged.
    {
      opened: (deployments, cause) => deps.status.circuitOpened(deployments, cause),
      closed: (deployments) => deps.status.circuitClosed(deployments),
    },
  );
  deps.metrics.useCircuits(() => gateway.health());
  // Answers are sample results exactly when they come from the sample upstream (local mode).
  const liveAnswersAreSamples = sampleUpstream !== null;

  // Async jobs: their worker runs here, in the services host (./jobs.ts). It starts with the app
  // when jobs are waiting, otherwise with the first job, and stops on close.
  const jobs = createJobEngine({
    db: deps.db,
    databaseKind: deps.databaseKind,
    repos,
    log: fastify.log,
    leaseMs: deps.leases.leaseMs,
    concurrency: deps.config.jobs.concurrency,
    sweepMs: deps.config.jobs.sweepMs,
    stopTimeoutMs: deps.config.jobs.stopTimeoutMs,
    run: (job, usage) =>
      produceAnswer(
        {
          path: job.deployment as DeploymentPath,
          params: job.params,
          test: job.free,
          key: { id: job.apiKeyId, organizationId: job.organizationId, name: job.apiKeyName ?? '' },
        },
        { image: job.image, imageUrl: job.imageUrl },
        usage,
      ),
    runBatch: (job) =>
      runBatchJob(
        {
          free: job.free,
          balanceAfterMicros: job.balanceAfterMicros,
          priceMicros: job.priceMicros,
          items: job.items ?? [],
        },
        (input, usage) =>
          produceAnswer(
            {
              path: job.deployment as DeploymentPath,
              params: job.params,
              test: job.free,
              key: {
                id: job.apiKeyId,
                organizationId: job.organizationId,
                name: job.apiKeyName ?? '',
              },
            },
            input,
            usage,
          ),
      ),
    meter: (deployment, outcome, micros) => deps.metrics.meteredCall(deployment, outcome, micros),
    afterCharge: (job) => {
      // The low-balance alert and auto-recharge, as after a synchronous call.
      void repos.jobs
        .organization(job.organizationId)
        .then((organization) => {
          if (organization) deps.billing.afterUsage(organization, organization.balanceMicros);
        })
        .catch(() => undefined);
    },
  });
  fastify.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());

  // Each upstream's circuit in full (origins, failures, times) on an internal address only
  // (`SERVICES_HEALTH_DETAILS_PORT`, by default on 127.0.0.1): never on the public host in
  // production.
  let details: http.Server | null = null;
  let detailsUrl: string | null = null;
  if (deps.config.healthDetails) {
    const where = deps.config.healthDetails;
    const server = http.createServer((request, response) => {
      const ok = request.method === 'GET' && request.url === '/health/details';
      response.writeHead(ok ? 200 : 404, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(
        JSON.stringify(
          ok ? { status: 'ok', upstreams: gateway.health() } : { error_message: 'Not found.' },
        ),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(where.port, where.host, () => resolve());
    });
    server.unref();
    details = server;
    const address = server.address() as AddressInfo;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    detailsUrl = `http://${host}:${address.port}`;
    fastify.log.info(`health details on ${detailsUrl}/health/details (internal)`);
  }
  fastify.decorate('healthDetailsUrl', () => detailsUrl);

  app.addHook('onClose', async () => {
    // Running jobs get a moment to finish; the rest lapse and run again in another process.
    await jobs.close();
    await gateway.close();
    await sampleUpstream?.close();
    await Promise.all([livePool?.close(), freePool?.close()]);
    if (details) {
      details.closeAllConnections();
      await new Promise<void>((resolve) => details!.close(() => resolve()));
    }
  });

  await registerHttpBasics(app, {
    corsOrigins: deps.config.corsOrigins,
    // The global limit is per client IP: it runs first, for every request, junk keys included.
    rateLimit: deps.config.servicesIpRateLimit,
    redis: deps.redis,
    rateLimitNamespace: `${deps.config.redisKeyPrefix}:services`,
    allowedHeaders: ['api-key'],
    rateLimitKey: (request) => `ip:${request.ip}`,
    notFoundMessage,
    notFoundCode: 'unknown_deployment',
  });
  // Then, once the key is known, a limit per key (not per header value).
  const perKeyLimit = app.createRateLimit({
    max: deps.config.servicesRateLimit.max,
    timeWindow: deps.config.servicesRateLimit.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `key:${request.apiKey!.key.id}`,
  });
  // The docs' shared demo test key: limited per client IP, not per key (every reader shares it).
  const perDemoClientLimit = app.createRateLimit({
    max: DEMO_KEY_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `demo:${request.ip}`,
  });
  const perTestKeyLimit = app.createRateLimit({
    max: deps.config.servicesTestRateLimit.max,
    timeWindow: deps.config.servicesTestRateLimit.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => `test-key:${request.apiKey!.key.id}`,
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 50, fieldSize: 16 * 1024, parts: 60 },
  });
  const sandboxDocument = deps.config.servicesDocument === 'sandbox';
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: !sandboxDocument
        ? {
            title: 'Vision API platform: services',
            version: API_VERSION,
            description:
              'Image calls of the public deployments, metered and forwarded to their inference ' +
              'deployments. A call is charged only when it answers 200: an upstream failure ' +
              'answers 502, 503 or 504 and costs nothing. ' +
              'Every error answer is `{"error_message", "code", "request_id"}` (and `details` where a ' +
              'program can use them): branch on `code`; `x-should-retry` says whether the same call ' +
              'may succeed later (after `Retry-After`). A refused cap or member limit is 403, never ' +
              '429: only a rate limit (or a full queue of async jobs) is 429. ' +
              'Send an `Idempotency-Key` header to retry safely: a retry with the same key and ' +
              'request within 24 hours returns the first answer and is not charged again. ' +
              'Send `Prefer: respond-async` to get a job (202) instead of waiting: poll ' +
              '`GET /jobs/{id}`; the price is held when it is accepted and charged only if it ' +
              'succeeds. Results are kept 24 hours.',
          }
        : {
            title: 'Vision API platform: services (sandbox)',
            version: API_VERSION,
            description:
              'Image calls of the public deployments. This local host does no inference: every ' +
              'answer says `"sandbox": true`. The site\'s sample images (static/img/samples) are ' +
              'recognised by their decoded pixels, also when re-encoded or resized, and answered ' +
              'with their known ground truth. Any other image gets a placeholder that says so: ' +
              'labels such as "sample object 1", "sample region 1", "sample class 1" or ' +
              '`sample box for "<query>"`, equal zero-shot scores and a plain top-to-bottom depth ' +
              'ramp. A call is charged only when it answers 200. ' +
              'Every error answer is `{"error_message", "code", "request_id"}` (and `details` where a ' +
              'program can use them): branch on `code`; `x-should-retry` says whether the same call ' +
              'may succeed later (after `Retry-After`). A refused cap or member limit is 403, never ' +
              '429: only a rate limit is 429. ' +
              'Send an `Idempotency-Key` header to retry safely: a retry with the same key and ' +
              'request within 24 hours returns the first answer and is not charged again.',
          },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'api-key',
            description: 'An API key of your organization (`va_live_…` or `va_test_…`).',
          },
        },
      },
    },
    // A deployment's 200 in the document is one image's answer or a batch's (`images`). The
    // route's own 200 schema stays the one image's: it serialises single answers, and a batch
    // answer is sent as built (handleImageCall).
    transform: ({ schema, url }) => {
      const path = url.slice(1);
      if (!schema || !Object.prototype.hasOwnProperty.call(PUBLIC_DEPLOYMENTS, path))
        return { schema, url };
      const deployment = PUBLIC_DEPLOYMENTS[path as DeploymentPath];
      const response = (schema as { response?: Record<string, unknown> }).response;
      return {
        url,
        schema: {
          ...schema,
          response: { ...response, 200: deploymentAnswerSchema(deployment.result) },
        },
      };
    },
    transformObject: (document) =>
      decorateDocument(
        (document as { openapiObject: Record<string, unknown> }).openapiObject,
        {
          serverUrl: deps.config.publicServicesUrl,
          serverDescription: sandboxDocument
            ? 'The services host of the local stack (sample answers)'
            : 'The services host',
          tags: {
            Deployments: 'Image calls of the public deployments, metered per call.',
            Jobs: 'Async jobs: deployment calls sent with `Prefer: respond-async`.',
          },
        },
        () => SPEND_CAP_HEADERS,
      ),
  });

  // Known live keys are remembered while this process LISTENs for their changes (PostgreSQL).
  const keyChanges = createKeyChangeNotifier({
    databaseUrl: deps.databaseKind === 'postgres' ? deps.databaseUrl : undefined,
    log: { warn: (o, m) => fastify.log.warn(o, m) },
  });
  type FoundKey = NonNullable<Awaited<ReturnType<typeof repos.apiKeys.findForCall>>>;
  const keyCache = createKeyCache<FoundKey>({ isLive: keyChanges.listening });
  keyChanges.subscribe(() => keyCache.invalidate());
  app.addHook('onReady', async () => keyChanges.start());
  app.addHook('onClose', async () => keyChanges.stop());
  /** The key read now; a live key is remembered (a test key's answer shows the wallet now). */
  const lookUpKey = async (secret: string, hash: string, path: string) => {
    const since = keyCache.generation();
    const found = await repos.apiKeys.findForCall(secret, hash, path);
    if (found && found.key.mode === 'live') keyCache.set(hash, path, found, since);
    return found;
  };
  /** A remembered key, unless it was found by a rolled secret whose grace period has ended. */
  const knownKey = (found: FoundKey | undefined, hash: string) => {
    if (!found || found.key.secretHash === hash) return found;
    const until = found.key.previousSecretExpiresAt;
    return until && until.getTime() > Date.now() ? found : undefined;
  };

  // Every answer feeds the operators' metrics; every live call of a deployment also the status
  // page's availability and latency (in memory, flushed every few seconds: no write per call).
  // A test key's call is the sample answerer's, not the deployment's: it is counted as free only.
  const deploymentRoutes = new Set(DEPLOYMENT_PATHS.map((path) => `/${path}`));
  /** A synchronous batch's request: its number of images and, once answered, its answer. */
  const batchCalls = new WeakMap<FastifyRequest, { images: number; answer: BatchAnswer | null }>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    deps.metrics.httpAnswer('services', request.method, route, status, reply.elapsedTime / 1000);
    if (!deploymentRoutes.has(route)) return;
    const deployment = route.slice(1);
    // An accepted job is not a metered call here: its run counts each image when it ends.
    if (status === 202) return;
    // A batch is as many metered calls as it has images, each with its own outcome (a replayed
    // batch: every image replayed, none charged again; a batch refused whole: every image).
    const batch = batchCalls.get(request);
    const images = (outcome: 'replayed' | 'failed' | 'refused' | 'free') => {
      for (let i = 0; i < (batch?.images ?? 1); i++) deps.metrics.meteredCall(deployment, outcome);
    };
    if (request.apiKey?.key.mode === 'test') {
      images('free');
      return;
    }
    deps.status.record(deployment, status, reply.elapsedTime);
    if (status === 200 && batch) {
      if (reply.getHeader('idempotent-replayed') === 'true' || !batch.answer) {
        images('replayed');
        return;
      }
      for (const item of batch.answer.results) {
        if ('result' in item) {
          deps.metrics.meteredCall(
            deployment,
            'charged',
            Math.round(item.result.usage.cost_usd * 1_000_000),
          );
        } else deps.metrics.meteredCall(deployment, item.status >= 500 ? 'failed' : 'refused');
      }
      return;
    }
    if (status === 200) {
      const replayed = reply.getHeader('idempotent-replayed') === 'true';
      deps.metrics.meteredCall(
        deployment,
        replayed ? 'replayed' : 'charged',
        replayed ? 0 : (request.price?.micros ?? 0),
      );
    } else images(status >= 500 ? 'failed' : 'refused');
  });

  const authenticate = async (
    request: FastifyRequest,
    reply: FastifyReply,
    /** The jobs routes: the key and its organization only (no deployment, no price). */
    jobsRoute = false,
  ) => {
    const raw = request.headers['api-key'];
    const secret = Array.isArray(raw) ? raw[0] : raw;
    if (!secret) throw new ApiError('invalid_api_key', MISSING_KEY_MESSAGE);
    if (secret.length > MAX_SECRET_LENGTH)
      throw new ApiError('invalid_api_key', UNKNOWN_KEY_MESSAGE);
    const hash = deps.keySecrets.hash(secret);
    if (keyCache.isKnownMissing(hash)) throw new ApiError('invalid_api_key', UNKNOWN_KEY_MESSAGE);
    const path = jobsRoute ? 'jobs' : request.routeOptions.url!.slice(1);
    const remembered = knownKey(keyCache.get(hash, path), hash);
    let found = remembered ?? (await lookUpKey(secret, hash, path));
    if (!found) {
      keyCache.rememberMissing(hash);
      throw new ApiError('invalid_api_key', UNKNOWN_KEY_MESSAGE);
    }
    const limitOf = (key: ApiKeyRow) =>
      keyLimitRefusal(
        // A key limited to some deployments reads their jobs only: checked on the job itself.
        jobsRoute ? { ...key, allowedDeployments: null } : key,
        { path, origin: request.headers.origin },
        deps.config.corsOrigins,
      );
    let refusal = limitOf(found.key);
    if (refusal && remembered) {
      // Enabled or widened since it was remembered? A refusal is decided on the key read now.
      found = await lookUpKey(secret, hash, path);
      if (!found) throw new ApiError('invalid_api_key', UNKNOWN_KEY_MESSAGE);
      refusal = limitOf(found.key);
    }
    if (refusal) {
      await repos.apiKeys.recordRefusal(found.key.id, refusal.limit);
      throw new ApiError('key_restricted', refusal.message, { details: { limit: refusal.limit } });
    }
    request.apiKey = { key: found.key, organization: found.organization };
    const test = found.key.mode === 'test';
    const demo = found.organization.ownerUid === DEMO_OWNER_UID;
    const limit = await (demo ? perDemoClientLimit : test ? perTestKeyLimit : perKeyLimit)(request);
    if (!limit.isAllowed) {
      // Every answer states the key's limit (it replaces the per-IP figures: the tighter one
      // for a known key): limit, what is left and the seconds until the window resets.
      reply.header('x-ratelimit-limit', limit.max);
      reply.header('x-ratelimit-remaining', limit.remaining);
      reply.header('x-ratelimit-reset', limit.ttlInSeconds);
    }
    if (!limit.isAllowed && limit.isExceeded) {
      throw new ApiError(
        'rate_limited',
        `Too many requests for this API key. Try again in ${limit.ttlInSeconds} seconds.`,
        { retryAfterSeconds: limit.ttlInSeconds },
      );
    }
    if (jobsRoute) return;
    // The balance and the key's cap are checked before the body is read: an empty wallet or a
    // spent cap costs us nothing.
    const price = found.priceMicros;
    if (price === null) throw new ApiError('unknown_deployment', notFoundMessage(request));
    // A test key's call is free: no balance or cap to check.
    if (!test) {
      try {
        precheck(found.key, found.organization, price);
      } catch (error) {
        // A remembered wallet or spend may be behind (a purchase, a failed call given back):
        // a refusal is decided on the figures read now.
        if (!remembered) throw error;
        const now = await lookUpKey(secret, hash, path);
        if (!now) throw new ApiError('invalid_api_key', UNKNOWN_KEY_MESSAGE);
        request.apiKey = { key: now.key, organization: now.organization };
        precheck(now.key, now.organization, now.priceMicros ?? price);
      }
    }
    request.price = { micros: test ? 0 : price };
  };

  // Load balancers poll this, and the site's status page from readers' browsers: no database, no
  // secret, limited per IP in memory (see the account API's). It also shows each upstream's
  // circuit: in production its deployments and state only (no internal origin, no failure text;
  // those are on the internal details address), in local mode the sample upstream's in full.
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      onRequest: healthRateLimit(deps.config.healthRateLimit),
      schema: { hide: true, response: { 200: ServicesHealth } },
    },
    async (_request, reply) => {
      reply.header('cache-control', HEALTH_CACHE_CONTROL);
      const circuits = gateway.health();
      return {
        status: 'ok' as const,
        upstreams: deps.config.local
          ? circuits
          : circuits.map(({ deployments, state }) => ({ deployments, state })),
      };
    },
  );

  for (const path of DEPLOYMENT_PATHS) {
    const deployment = PUBLIC_DEPLOYMENTS[path];
    app.post(
      `/${path}`,
      {
        // After the per-IP limit (an onRequest hook) and before the body is read.
        preParsing: async (request, reply, payload) => {
          await authenticate(request, reply);
          return payload;
        },
        // Validated by the handler (multipart and JSON alike), after the key check.
        validatorCompiler: () => (value) => ({ value }),
        schema: {
          operationId: deploymentOperationId(path),
          tags: ['Deployments'],
          summary: deployment.name,
          description:
            `${sandboxDocument ? 'Sample results (sandbox)' : 'Forwarded to its inference deployment'}. Model: ${deployment.model}. Charged only when the answer ` +
            'is 200; nothing is charged for any error. A retry with the same `Idempotency-Key` ' +
            'gets the first answer, uncharged. Answers of a key with a monthly cap carry ' +
            '`x-spend-cap-limit`, `x-spend-cap-remaining` and `x-spend-cap-reset`.',
          security: [{ apiKey: [] }],
          headers: Type.Object({
            'idempotency-key': Type.Optional(
              Type.String({
                maxLength: MAX_IDEMPOTENCY_KEY,
                description: IDEMPOTENCY_HEADER_DESCRIPTION,
              }),
            ),
            prefer: Type.Optional(
              Type.String({
                description:
                  "`respond-async`: answer 202 with a job at once instead of waiting (`Location: /jobs/{id}`, `Preference-Applied: respond-async`). The price is held now, charged only if the job succeeds. A batch (`images`) is one job: each image's price is held now, only the images that answered are charged, and the job's `result` is the batch answer.",
              }),
            ),
          }),
          body: {
            content: {
              'application/json': {
                schema: Type.Intersect([ImageJsonBody, deployment.params]),
              },
              'multipart/form-data': {
                schema: Type.Intersect([
                  Type.Object({ image: Type.String({ format: 'binary' }) }),
                  deployment.params,
                ]),
              },
            },
          },
          response: {
            200: deployment.result,
            202: {
              description:
                'With `Prefer: respond-async`: the job accepted (`Location: /jobs/{id}`). Poll `GET /jobs/{id}`.',
              headers: {
                location: { schema: { type: 'string' }, description: '`/jobs/{id}`' },
                'preference-applied': {
                  schema: { type: 'string' },
                  description: '`respond-async`',
                },
              },
              content: { 'application/json': { schema: Job } },
            },
            ...DEPLOYMENT_ERROR_RESPONSES,
          },
        },
      },
      // The answer's shape is the deployment's result schema (serialised with it).
      async (request, reply) => handleImageCall(path, request, reply) as never,
    );
  }

  /**
   * One image's answer, as a synchronous call, a batch's item and a job's run produce it (its hold
   * is taken; any error gives it back).
   */
  async function produceAnswer(
    call: {
      path: DeploymentPath;
      params: Record<string, unknown>;
      /** A test key's call: the sample answerer, free. */
      test: boolean;
      key: Pick<ApiKeyRow, 'id' | 'organizationId' | 'name'>;
    },
    input: BatchImage,
    usage: Usage,
  ) {
    const { path, params, test, key } = call;
    const deployment = PUBLIC_DEPLOYMENTS[path];
    // Fetched after the hold: a failed fetch gives it back, nothing is charged.
    const image =
      input.image ??
      (await loadImageUrl(input.imageUrl!, {
        allowLoopback: deps.config.local,
        lookup: deps.imageUrlLookup,
      }));
    // A batch's uploaded images are checked here, each on its own (a single call's on reading,
    // a fetched one by loadImageUrl).
    if (input.image && !sniffImageType(input.image)) {
      throw new ApiError(
        'unsupported_media_type',
        'Unsupported image type: send a JPEG, PNG or WebP image. Nothing was charged.',
      );
    }
    if (test) {
      // Free and labelled: the sample answerer, in this process, in the free calls' pool,
      // at the free calls' pixel limit.
      const rendered = await freeAnswerer({
        path,
        image,
        params,
        maxPixels: deps.config.testMaxPixels,
      });
      if (!rendered.ok) {
        throw new ApiError(rendered.code ?? codeForStatus(rendered.statusCode), rendered.message, {
          retryAfterSeconds: rendered.retryAfterSeconds,
          details: rendered.details,
        });
      }
      await repos.apiKeys.countTestCall(key as ApiKeyRow, path);
      // The answerer's result first: the fields the host owns come last and win.
      return {
        ...rendered.result,
        sandbox: true,
        task: path,
        model: deployment.model,
        image: rendered.image,
        usage,
      };
    }
    const started = performance.now();
    const outcome = await gateway.render({ path, image, params }).then(
      (answer) => {
        deps.metrics.upstreamCall(path, true, (performance.now() - started) / 1000);
        return answer;
      },
      (error: unknown) => {
        deps.metrics.upstreamCall(path, false, (performance.now() - started) / 1000);
        throw error;
      },
    );
    if (!outcome.ok) {
      throw new ApiError(outcome.code ?? codeForStatus(outcome.statusCode), outcome.message);
    }
    // The gateway keeps only the upstream's result fields; its own come last and win.
    return {
      ...outcome.result,
      sandbox: liveAnswersAreSamples,
      task: path,
      model: deployment.model,
      image: outcome.image,
      usage,
    };
  }

  async function handleImageCall(
    path: DeploymentPath,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const deployment = PUBLIC_DEPLOYMENTS[path];
    const { key, organization } = request.apiKey!;
    const call = await readImageCall(request, deployment.params);
    const params = validateParams(deployment.params, path, call.params);
    const test = key.mode === 'test';
    // Free calls: test keys and the docs' demo key (a test key too).
    const free = test || organization.ownerUid === DEMO_OWNER_UID;

    const metering = {
      repos,
      billing: deps.billing,
      leases: deps.leases,
      log: request.log,
      spendSpike: deps.config.spendSpike,
    };
    const common = {
      request,
      reply,
      scope: `services:${key.id}`,
      key,
      organization,
      deployment: path,
      // A test key's call is free: no hold, nothing in the ledger.
      charged: !test,
      // And its answer is kept for a replay only up to a size (stored-answer.ts).
      keptAnswerBytes: free ? deps.config.testKeptAnswerBytes : null,
      unknownDeployment: () => new ApiError('unknown_deployment', notFoundMessage(request)),
    };
    const answerImage = (input: BatchImage, usage: Usage) =>
      produceAnswer({ path, params, test, key }, input, usage);

    // `Prefer: respond-async`: a job (202), of one image or of a batch.
    if (call.batch && prefersAsync(request.headers.prefer)) {
      return acceptBatchJob(path, request, reply, {
        key,
        organization,
        test,
        params,
        images: call.batch,
      });
    }
    if (prefersAsync(request.headers.prefer)) {
      return acceptJob(path, request, reply, {
        key,
        organization,
        test,
        params,
        image: call.image,
        imageUrl: call.imageUrl,
      });
    }

    if (call.batch) {
      const batch = call.batch;
      // A batch answer is not one image's answer: sent as built, not through the 200 schema.
      reply.serializer((payload) => JSON.stringify(payload));
      const counted = { images: batch.length, answer: null as BatchAnswer | null };
      batchCalls.set(request, counted);
      const answered = await batchCall(
        metering,
        { ...common, requestDigest: () => batchDigest(path, batch, params) },
        batch,
        answerImage,
      );
      if (isBatchAnswer(answered)) counted.answer = answered;
      return answered;
    }
    return meteredCall(
      metering,
      {
        ...common,
        // An `image_url` call is the request for its URL (a replay never fetches again).
        requestDigest: () =>
          requestDigest(path, call.image ?? Buffer.from(`image_url:${call.imageUrl}`), params),
      },
      (usage) => answerImage(call, usage),
    );
  }

  /**
   * Accepts a job: the price is held as for a synchronous call (vapi_begin, with the
   * `Idempotency-Key`'s record), then the hold becomes the job's and the 202 answer is kept under
   * the key, in the transaction that inserts the job (vapi_job_accept). Then its wake-up is sent.
   */
  async function acceptJob(
    path: DeploymentPath,
    request: FastifyRequest,
    reply: FastifyReply,
    call: {
      key: ApiKeyRow;
      organization: OrganizationRow;
      test: boolean;
      params: Record<string, unknown>;
      image: Buffer | null;
      imageUrl: string | null;
    },
  ) {
    const { key, organization, test } = call;
    if (call.imageUrl !== null) {
      // What the URL alone shows is refused now, not as a failed job; its address is resolved
      // and checked again when the worker fetches it.
      try {
        checkUrl(call.imageUrl, deps.config.local);
      } catch (error) {
        if (!(error instanceof SafeFetchError)) throw error;
        throw new ApiError(
          'image_url_refused',
          `The image_url was refused: ${error.message} Nothing was charged.`,
          { details: { reason: error.reason } },
        );
      }
    }
    const cap = deps.config.jobs.queuedCap;
    // A cheap look first: a full queue is refused before anything is held (and again, exactly,
    // under the organization's lock when the job is inserted).
    if ((await repos.jobs.queuedCount(organization.id, cap)) >= cap) throw queueFull(cap);
    const claim = claimOf({
      request,
      scope: `services:${key.id}`,
      requestDigest: () =>
        requestDigest(
          path,
          call.image ?? Buffer.from(`image_url:${call.imageUrl}`),
          call.params,
          true,
        ),
    });
    const attempt = randomUUID();
    const unknownDeployment = () => new ApiError('unknown_deployment', notFoundMessage(request));
    const begun = await repos.calls.begin({
      claim,
      attempt,
      leaseMs: deps.leases.leaseMs,
      charge: test
        ? null
        : {
            organizationId: organization.id,
            apiKeyId: key.id,
            deployment: path,
            spendSpike: deps.config.spendSpike,
          },
    });
    if (begun.kind === 'replay') {
      // The same job again: its 202, with its headers.
      const id = (begun.response as { id?: unknown } | null)?.id;
      if (typeof id === 'string') jobHeaders(reply, id);
    }
    if (isRecordAnswer(begun)) return answerFromRecord(begun, reply);
    if (begun.kind === 'refused') {
      throw await refusalError({ repos, billing: deps.billing }, begun.refusal, {
        key,
        organization,
        unknownDeployment,
      });
    }
    const hold = begun.hold;
    const id = newJobId();
    const bossId = randomUUID();
    const answer = {
      object: 'job' as const,
      id,
      status: 'queued' as const,
      deployment: path,
      price_usd: microsToUsd(hold?.amountMicros ?? 0),
      created_at: '',
      started_at: null,
      finished_at: null,
      expires_at: null,
      retention_hours: JOB_RETENTION_HOURS,
      result: null,
      error: null,
    };
    // The hold keeps its call lease until the job owns it (then its lease is 'infinity').
    const untrack = deps.leases.track({ holdId: hold?.id, attempt: claim ? attempt : null });
    let accepted: Awaited<ReturnType<typeof repos.jobs.accept>>;
    try {
      const { created_at: _unset, ...kept } = answer;
      accepted = await repos.jobs.accept({
        id,
        bossId,
        organizationId: organization.id,
        apiKeyId: key.id,
        apiKeyName: key.name,
        deployment: path,
        free: test,
        reservationId: hold?.id ?? null,
        priceMicros: hold?.amountMicros ?? 0,
        balanceAfterMicros: hold ? hold.balanceAfterMicros : organization.balanceMicros,
        params: call.params,
        image: call.image,
        imageUrl: call.imageUrl,
        queuedCap: cap,
        claim,
        attempt,
        response: kept,
      });
    } catch (error) {
      await repos.calls.fail({ holdId: hold?.id ?? null, claim, attempt }).catch(() => undefined);
      throw error;
    } finally {
      untrack();
    }
    if (accepted.kind === 'full') throw queueFull(cap);
    if (accepted.kind !== 'accepted') {
      await repos.calls.fail({ holdId: hold?.id ?? null, claim, attempt }).catch(() => undefined);
      if (accepted.kind === 'superseded') throw superseded();
      throw jobNotAccepted();
    }
    await wakeJob(jobs, request, reply, id, bossId);
    return reply.status(202).send({ ...answer, created_at: accepted.createdAt });
  }

  /**
   * Accepts a batch as one job (migration 0024): the `Idempotency-Key`'s record first, then one
   * hold per image (vapi_begin each, in order); a batch that cannot be held in full is refused as a
   * whole and every hold taken is given back, so the job's price is always the sum of all its
   * images'. Then every hold becomes the job's and the images its items, with the 202 kept under
   * the key, in one transaction (vapi_job_accept_batch). At the end of its run the images that
   * answered are charged and the others released (vapi_job_succeed_batch).
   */
  async function acceptBatchJob(
    path: DeploymentPath,
    request: FastifyRequest,
    reply: FastifyReply,
    call: {
      key: ApiKeyRow;
      organization: OrganizationRow;
      test: boolean;
      params: Record<string, unknown>;
      images: BatchImage[];
    },
  ) {
    const { key, organization, test, images } = call;
    const cap = deps.config.jobs.queuedCap;
    // A batch job counts as one job against the cap (one row, one run, one body's bytes).
    if ((await repos.jobs.queuedCount(organization.id, cap)) >= cap) throw queueFull(cap);
    const claim = claimOf({
      request,
      scope: `services:${key.id}`,
      requestDigest: () => batchDigest(path, images, call.params, true),
    });
    const attempt = randomUUID();
    const leaseMs = deps.leases.leaseMs;
    const unknownDeployment = () => new ApiError('unknown_deployment', notFoundMessage(request));
    if (claim) {
      const begun = await repos.calls.begin({ claim, attempt, leaseMs, charge: null });
      if (begun.kind === 'replay') {
        // The same job again: its 202, with its headers.
        const id = (begun.response as { id?: unknown } | null)?.id;
        if (typeof id === 'string') jobHeaders(reply, id);
      }
      if (isRecordAnswer(begun)) return answerFromRecord(begun, reply);
    }
    const untrackClaim = deps.leases.track({ attempt: claim ? attempt : null });
    const holds: { id: string; amountMicros: number; balanceAfterMicros: number }[] = [];
    const untrackHolds: (() => void)[] = [];
    let accepted: Awaited<ReturnType<typeof repos.jobs.acceptBatch>> | null = null;
    const id = newJobId();
    const bossId = randomUUID();
    let priceMicros = 0;
    try {
      if (!test) {
        for (let index = 0; index < images.length; index++) {
          const begun = await repos.calls.begin({
            claim: null,
            attempt,
            leaseMs,
            charge: {
              organizationId: organization.id,
              apiKeyId: key.id,
              deployment: path,
              spendSpike: deps.config.spendSpike,
            },
          });
          if (begun.kind === 'refused') {
            const refusal = begun.refusal;
            if (refusal.refused === 'insufficient') {
              // The whole batch's price against the wallet before any of its holds.
              const heldMicros = holds.reduce((sum, hold) => sum + hold.amountMicros, 0);
              throw insufficientCredits(
                refusal.balanceMicros + heldMicros,
                refusal.priceMicros * images.length,
              );
            }
            throw await refusalError({ repos, billing: deps.billing }, refusal, {
              key,
              organization,
              unknownDeployment,
            });
          }
          if (begun.kind !== 'new' || !begun.hold) throw new Error(`hold: ${begun.kind}`);
          holds.push(begun.hold);
          untrackHolds.push(deps.leases.track({ holdId: begun.hold.id }));
        }
      }
      priceMicros = holds.reduce((sum, hold) => sum + hold.amountMicros, 0);
      const answer = {
        object: 'job' as const,
        id,
        status: 'queued' as const,
        deployment: path,
        price_usd: microsToUsd(priceMicros),
        started_at: null,
        finished_at: null,
        expires_at: null,
        retention_hours: JOB_RETENTION_HOURS,
        result: null,
        error: null,
      };
      accepted = await repos.jobs.acceptBatch({
        id,
        bossId,
        organizationId: organization.id,
        apiKeyId: key.id,
        apiKeyName: key.name,
        deployment: path,
        free: test,
        balanceAfterMicros: holds.at(-1)?.balanceAfterMicros ?? organization.balanceMicros,
        params: call.params,
        items: images.map((image, index) => ({
          reservationId: holds[index]?.id ?? null,
          priceMicros: holds[index]?.amountMicros ?? 0,
          balanceAfterMicros: holds[index]?.balanceAfterMicros ?? null,
          image: image.image,
          imageUrl: image.imageUrl,
        })),
        queuedCap: cap,
        claim,
        attempt,
        response: answer,
      });
    } finally {
      for (const untrack of untrackHolds) untrack();
      untrackClaim();
      if (accepted?.kind !== 'accepted') {
        // Refused, full, lapsed, superseded or failed: every hold goes back, the record is
        // forgotten (a no-op for what the database gave back itself).
        await Promise.all(
          holds.map((hold) =>
            repos.calls.fail({ holdId: hold.id, claim: null, attempt }).catch(() => undefined),
          ),
        );
        await repos.calls.fail({ holdId: null, claim, attempt }).catch(() => undefined);
      }
    }
    if (accepted.kind === 'full') throw queueFull(cap);
    if (accepted.kind === 'superseded') throw superseded();
    if (accepted.kind !== 'accepted') throw jobNotAccepted();
    await wakeJob(jobs, request, reply, id, bossId);
    return reply.status(202).send({
      object: 'job',
      id,
      status: 'queued',
      deployment: path,
      price_usd: microsToUsd(priceMicros),
      created_at: accepted.createdAt,
      started_at: null,
      finished_at: null,
      expires_at: null,
      retention_hours: JOB_RETENTION_HOURS,
      result: null,
      error: null,
    });
  }

  /** The organization's job named in the path, or 404 (410 once its result was deleted). */
  async function findJob(request: FastifyRequest): Promise<JobRow> {
    const { organization, key } = request.apiKey!;
    const id = (request.params as { id: string }).id;
    const notFound = () =>
      new ApiError('not_found', 'No such job in your organization. Check the job id.');
    if (!JOB_ID_PATTERN.test(id)) throw notFound();
    const job = await repos.jobs.find(id, organization.id);
    // A key limited to some deployments sees their jobs only.
    if (!job || (key.allowedDeployments && !key.allowedDeployments.includes(job.deployment))) {
      throw notFound();
    }
    if (job.purgedAt) {
      throw new ApiError(
        'job_expired',
        `This job's result was deleted at ${job.purgedAt}: results are kept ${JOB_RETENTION_HOURS} hours after a job finishes. The job ${job.status}.`,
        { details: { status: job.status, expired_at: job.purgedAt } },
      );
    }
    return job;
  }

  const JobParams = Type.Object({
    id: Type.String({ maxLength: MAX_JOB_ID_LENGTH, description: 'The job id (`job_…`).' }),
  });
  const jobAuth = async (request: FastifyRequest, reply: FastifyReply) =>
    authenticate(request, reply, true);

  app.get(
    '/jobs/:id',
    {
      preHandler: jobAuth,
      schema: {
        operationId: 'getJob',
        tags: ['Jobs'],
        summary: 'Get a job',
        description: `A job accepted by a deployment call sent with \`Prefer: respond-async\`: its status, and its result once \`succeeded\` (or its error once \`failed\`). Poll it with backoff until \`status\` is \`succeeded\`, \`failed\` or \`canceled\`. Results are kept ${JOB_RETENTION_HOURS} hours after the job finished (\`expires_at\`); then this answers 410 \`job_expired\`. A job of another organization is 404.`,
        security: [{ apiKey: [] }],
        params: JobParams,
        response: { 200: Job, ...JOB_ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentJob(await findJob(request));
    },
  );

  app.post(
    '/jobs/:id/cancel',
    {
      preHandler: jobAuth,
      schema: {
        operationId: 'cancelJob',
        tags: ['Jobs'],
        summary: 'Cancel a job',
        description:
          'Cancels a `queued` or `running` job: its held price goes back to the wallet in full and it is never charged (a running call whose answer comes later is discarded). A finished job answers 409 `job_finished`.',
        security: [{ apiKey: [] }],
        params: JobParams,
        response: { 200: Job, ...JOB_ERROR_RESPONSES },
      },
    },
    async (request) => {
      const job = await findJob(request);
      const outcome = await repos.jobs.cancel(job.id, job.organizationId);
      if (outcome.kind === 'finished') {
        throw new ApiError(
          'job_finished',
          `This job has finished (${outcome.status}) and can no longer be canceled.`,
          { details: { status: outcome.status } },
        );
      }
      const now = await repos.jobs.find(job.id, job.organizationId);
      if (!now) throw new ApiError('not_found', 'No such job in your organization.');
      return presentJob(now);
    },
  );

  app.get(
    '/openapi.json',
    { schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } } },
    async () => app.swagger(),
  );
};

/** The services host as a plugin: its error handler, CORS and limits apply to the caller's instance. */
export const servicesApp = fp(servicesPlugin, { name: 'visionapi-services', fastify: '5.x' });

export async function buildServicesApp(
  deps: ServicesDeps,
  options: FastifyServerOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    bodyLimit: SERVICES_BODY_LIMIT,
    schemaController: sharedSchemaCompilers,
    frameworkErrors,
    ...requestIdOptions,
    ...options,
  });
  await app.register(servicesApp, deps);
  return app;
}
