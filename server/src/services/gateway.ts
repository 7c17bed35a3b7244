/**
 * The metering gateway's upstream side: in production the services host keeps its order of work
 * (rate limits, key and its limits, balance, body checks, idempotency, hold) and then forwards the
 * call to the inference deployment configured for its path, here. Only a valid answer is returned
 * (and so captured); anything else becomes a 502, 503 or 504 with a clear message, and the hold is
 * released by the caller: nobody pays for an upstream failure.
 *
 * Libraries: undici (a connection pool per upstream origin, connect and header/body timeouts) and
 * cockatiel (a bulkhead bounding concurrent upstream calls, and a circuit breaker per upstream
 * that opens after consecutive failures and half-opens after a pause).
 *
 * Upstream protocol: `POST {base}/{deployment path}`, `multipart/form-data` with the validated
 * parameters as JSON and the image's bytes as received, streamed with a Content-Length
 * (upstream-body.ts); a 200 answer is JSON with `image` (the sizes the model worked at) and the
 * deployment's result fields (contract/services.ts), which the gateway validates before anything
 * is charged. The fields the gateway owns (`sandbox`, `task`, `model`, `usage`) are never taken
 * from an upstream: only the result fields the contract declares are kept.
 *
 * In local mode the one upstream is the sample upstream (sample-upstream.ts), so local mode takes
 * this same path.
 *
 * Every upstream call carries `X-VisionAPI-Gateway-Secret` (`UPSTREAM_SHARED_SECRET`; in local
 * mode a random one per process): an inference deployment reachable from elsewhere refuses calls
 * without it, so nobody calls a model unmetered. A 401 from an upstream is a fault of the
 * deployment's settings (502, counted towards its circuit), never the caller's.
 */
import { Readable } from 'node:stream';
import {
  BrokenCircuitError,
  BulkheadRejectedError,
  bulkhead,
  CircuitState,
  circuitBreaker,
  ConsecutiveBreaker,
  handleWhen,
  wrap,
  type IPolicy,
} from 'cockatiel';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Pool } from 'undici';
import { PUBLIC_DEPLOYMENTS, type DeploymentPath } from '@contract';
import { GATEWAY_SECRET_HEADER, type UpstreamConfig } from '../config';
import { ApiError } from '../lib/errors';
import type { RenderOutcome, RenderTask } from './render/task';
import { upstreamBody, type UpstreamBody } from './upstream-body';

/** A failure that counts towards opening the upstream's circuit. */
class UpstreamFailure extends Error {
  constructor(readonly answer: ApiError) {
    super(answer.message);
  }
}

/**
 * An upstream that says it is busy (429 or 503, with its Retry-After): it answered, so this is
 * back-pressure, not a fault, and does not count towards opening its circuit.
 */
class UpstreamBusy extends Error {
  constructor(readonly answer: ApiError) {
    super(answer.message);
  }
}

/** Fields the gateway adds itself; the upstream answers the rest of the deployment's result. */
const GATEWAY_FIELDS = ['sandbox', 'task', 'model', 'usage'] as const;
/** Longest upstream error message passed on to the caller. */
const MAX_UPSTREAM_MESSAGE = 300;

export interface UpstreamHealth {
  /** The upstream's origin (no path, no credentials). */
  origin: string;
  deployments: string[];
  state: 'closed' | 'open' | 'half_open';
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  last_failure: string | null;
}

interface AnswerChecker {
  check: ReturnType<typeof Compile>;
  /** The result fields an upstream answers (the contract's, less `image` and the gateway's). */
  resultFields: string[];
}
const answerCheckers = new Map<DeploymentPath, AnswerChecker>();
function answerChecker(path: DeploymentPath): AnswerChecker {
  let checker = answerCheckers.get(path);
  if (!checker) {
    const result = PUBLIC_DEPLOYMENTS[path].result as unknown as TSchema;
    const owned = new Set<string>([...GATEWAY_FIELDS, 'image']);
    checker = {
      check: Compile(Type.Omit(result as never, [...GATEWAY_FIELDS]) as TSchema),
      resultFields: Object.keys(
        (result as { properties?: Record<string, unknown> }).properties ?? {},
      ).filter((field) => !owned.has(field)),
    };
    answerCheckers.set(path, checker);
  }
  return checker;
}

/** An upstream's message, made safe to show: bounded, one line, printable. */
function safeMessage(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let text = '';
  for (const char of value.slice(0, MAX_UPSTREAM_MESSAGE)) {
    const code = char.charCodeAt(0);
    text += code < 0x20 || code === 0x7f ? ' ' : char;
  }
  return text.trim() || null;
}

/** Told when an upstream's circuit opens (with the failure that opened it) and closes again. */
export interface CircuitEvents {
  opened(deployments: readonly string[], cause: string | null): void;
  closed(deployments: readonly string[]): void;
}

export function createGateway(config: UpstreamConfig, events?: CircuitEvents) {
  interface Upstream {
    base: string;
    origin: string;
    pool: Pool;
    policy: IPolicy;
    breaker: ReturnType<typeof circuitBreaker>;
    /** When its circuit last opened (Date.now()); null while closed. */
    openedAt: number | null;
    health: Omit<UpstreamHealth, 'state' | 'origin'>;
  }
  // One bulkhead for every upstream call of this process: the bound on concurrent calls.
  const limit = bulkhead(config.concurrency, 0);
  const upstreams = new Map<string, Upstream>();
  const byPath = new Map<DeploymentPath, Upstream>();
  for (const [path, base] of Object.entries(config.urls) as Array<[DeploymentPath, string]>) {
    let normalised = base;
    while (normalised.endsWith('/')) normalised = normalised.slice(0, -1);
    let upstream = upstreams.get(normalised);
    if (!upstream) {
      const url = new URL(normalised);
      const breaker = circuitBreaker(
        handleWhen((error) => error instanceof UpstreamFailure),
        {
          halfOpenAfter: config.halfOpenAfterMs,
          breaker: new ConsecutiveBreaker(config.failureThreshold),
        },
      );
      upstream = {
        base: normalised,
        origin: url.origin,
        pool: new Pool(url.origin, {
          connections: config.concurrency,
          connect: { timeout: config.connectTimeoutMs },
          headersTimeout: config.timeoutMs,
          bodyTimeout: config.timeoutMs,
        }),
        breaker,
        openedAt: null,
        policy: wrap(limit, breaker),
        health: {
          deployments: [],
          consecutive_failures: 0,
          last_success_at: null,
          last_failure_at: null,
          last_failure: null,
        },
      };
      const opened = upstream;
      breaker.onBreak((reason) => {
        opened.openedAt = Date.now();
        const error = 'error' in reason ? reason.error : null;
        events?.opened(
          opened.health.deployments,
          error instanceof UpstreamFailure ? error.answer.message : null,
        );
      });
      breaker.onReset(() => {
        opened.openedAt = null;
        events?.closed(opened.health.deployments);
      });
      upstreams.set(normalised, upstream);
    }
    upstream.health.deployments.push(path);
    byPath.set(path, upstream);
  }

  /** Seconds until an open circuit lets a call try the upstream again (at least 1). */
  const secondsUntilHalfOpen = (upstream: Upstream) =>
    String(
      Math.max(
        1,
        Math.ceil(((upstream.openedAt ?? Date.now()) + config.halfOpenAfterMs - Date.now()) / 1000),
      ),
    );

  async function forward(
    upstream: Upstream,
    task: RenderTask,
    body: UpstreamBody,
  ): Promise<RenderOutcome> {
    const name = PUBLIC_DEPLOYMENTS[task.path].name;
    const url = new URL(`${upstream.base}/${task.path}`);
    const fail = (status: 502 | 504, message: string, retryAfter: string) =>
      new UpstreamFailure(
        new ApiError(
          status === 504 ? 'upstream_timeout' : 'upstream_failed',
          `${message} Nothing was charged.`,
          {
            retryAfterSeconds: Number(retryAfter),
          },
        ),
      );
    const signal = AbortSignal.timeout(config.timeoutMs);
    const connectTimedOut = (error: unknown) =>
      (error as { code?: string }).code === 'UND_ERR_CONNECT_TIMEOUT';
    const timedOut = (error: unknown) => {
      const code = (error as { code?: string }).code;
      return (
        signal.aborted ||
        code === 'UND_ERR_HEADERS_TIMEOUT' ||
        code === 'UND_ERR_BODY_TIMEOUT' ||
        (error as Error).name === 'TimeoutError'
      );
    };
    let response;
    try {
      response = await upstream.pool.request({
        method: 'POST',
        path: url.pathname,
        headers: {
          'content-type': body.contentType,
          'content-length': String(body.length),
          accept: 'application/json',
          // The gateway authenticates itself: an upstream refuses callers without the secret.
          ...(config.sharedSecret ? { [GATEWAY_SECRET_HEADER]: config.sharedSecret } : {}),
        },
        body: Readable.from(body.chunks(), { objectMode: false }),
        signal,
      });
    } catch (error) {
      if (connectTimedOut(error)) {
        throw fail(
          504,
          `The ${name} deployment did not accept a connection within ${config.connectTimeoutMs / 1000} s.`,
          '5',
        );
      }
      if (timedOut(error)) {
        throw fail(
          504,
          `The ${name} deployment did not answer within ${config.timeoutMs / 1000} s.`,
          '5',
        );
      }
      throw fail(
        502,
        `The ${name} deployment cannot be reached right now. Retry in a moment.`,
        '5',
      );
    }
    // The answer, read with a bound on its size.
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > config.maxAnswerBytes) {
          response.body.destroy();
          throw fail(
            502,
            `The ${name} deployment sent an answer larger than the gateway accepts.`,
            '5',
          );
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof UpstreamFailure) throw error;
      if (timedOut(error)) {
        throw fail(
          504,
          `The ${name} deployment did not finish its answer within ${config.timeoutMs / 1000} s.`,
          '5',
        );
      }
      throw fail(502, `The ${name} deployment broke off its answer. Retry in a moment.`, '5');
    }
    let answer: unknown;
    try {
      answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      answer = undefined;
    }
    const status = response.statusCode;
    if (status === 200) {
      const checker = answerChecker(task.path);
      if (!answer || typeof answer !== 'object' || !checker.check.Check(answer)) {
        throw fail(
          502,
          `The ${name} deployment sent an answer that does not match its contract.`,
          '5',
        );
      }
      // Only the contract's result fields: an upstream never sets the gateway's own (`sandbox`,
      // `task`, `model`, `usage` with its cost and transaction id), nor anything undeclared.
      const fields = answer as Record<string, unknown>;
      const result: Record<string, unknown> = {};
      for (const field of checker.resultFields) {
        if (Object.hasOwn(fields, field)) result[field] = fields[field];
      }
      return { ok: true, image: fields.image as never, result };
    }
    const message = safeMessage((answer as { error_message?: unknown } | undefined)?.error_message);
    if (status === 400 || status === 413 || status === 415 || status === 422) {
      // The deployment refused this image: the caller's to fix, not a failure of the upstream.
      return {
        ok: false,
        statusCode: status === 422 ? 400 : status,
        message: `${message ?? `The ${name} deployment could not process this image.`} Nothing was charged.`,
      };
    }
    if (status === 429 || status === 503) {
      const after = Number(response.headers['retry-after']);
      const retryAfter =
        Number.isInteger(after) && after > 0 && after <= 3600 ? String(after) : '5';
      throw new UpstreamBusy(
        new ApiError('upstream_busy', `The ${name} deployment is busy. Nothing was charged.`, {
          retryAfterSeconds: Number(retryAfter),
        }),
      );
    }
    throw fail(502, `The ${name} deployment failed (HTTP ${status}). Retry in a moment.`, '5');
  }

  return {
    /** A Renderer: forwards the call, or throws the 502/503/504 the caller answers. */
    async render(task: RenderTask): Promise<RenderOutcome> {
      const upstream = byPath.get(task.path);
      if (!upstream) {
        throw new ApiError(
          'upstream_busy',
          'This deployment has no upstream configured. Nothing was charged.',
          { retryAfterSeconds: 60 },
        );
      }
      // Built (and bounded) before a slot is taken; streamed while the call runs.
      const body = upstreamBody(task.image, task.params);
      try {
        const outcome = await upstream.policy.execute(() => forward(upstream, task, body));
        upstream.health.consecutive_failures = 0;
        upstream.health.last_success_at = new Date().toISOString();
        return outcome;
      } catch (error) {
        if (error instanceof BulkheadRejectedError) {
          throw new ApiError(
            'service_unavailable',
            'The gateway is busy: every upstream slot is in use. Nothing was charged.',
            { retryAfterSeconds: 2 },
          );
        }
        if (error instanceof BrokenCircuitError) {
          throw new ApiError(
            'upstream_busy',
            `The ${PUBLIC_DEPLOYMENTS[task.path].name} deployment is temporarily unavailable after repeated failures. Nothing was charged.`,
            { retryAfterSeconds: Number(secondsUntilHalfOpen(upstream)) },
          );
        }
        if (error instanceof UpstreamBusy) throw error.answer;
        if (error instanceof UpstreamFailure) {
          upstream.health.consecutive_failures += 1;
          upstream.health.last_failure_at = new Date().toISOString();
          upstream.health.last_failure = error.answer.message;
          throw error.answer;
        }
        throw error;
      }
    },

    /**
     * Each upstream's circuit, for /health: nothing secret (origins only). The breaker turns
     * half-open only when a call tries it; past the open period the next call will, so it is
     * shown `half_open` from then on.
     */
    health(): UpstreamHealth[] {
      const now = Date.now();
      const state = (upstream: Upstream): UpstreamHealth['state'] => {
        switch (upstream.breaker.state) {
          case CircuitState.HalfOpen:
            return 'half_open';
          case CircuitState.Open:
            return upstream.openedAt !== null && now - upstream.openedAt >= config.halfOpenAfterMs
              ? 'half_open'
              : 'open';
          case CircuitState.Isolated:
            return 'open';
          default:
            return 'closed';
        }
      };
      return [...upstreams.values()].map((upstream) => ({
        origin: upstream.origin,
        ...upstream.health,
        state: state(upstream),
      }));
    },

    async close(): Promise<void> {
      await Promise.all([...upstreams.values()].map((upstream) => upstream.pool.close()));
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
