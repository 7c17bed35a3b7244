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
 * Upstream protocol: `POST {base}/{deployment path}` with JSON `{ image: <base64>, ...params }`;
 * a 200 answer is JSON with `image` (the sizes the model worked at) and the deployment's result
 * fields (contract/services.ts), which the gateway validates before anything is charged.
 */
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
import type { UpstreamConfig } from '../config';
import { HttpError } from '../lib/errors';
import type { RenderOutcome, RenderTask } from './render/task';

/** A failure that counts towards opening the upstream's circuit. */
class UpstreamFailure extends Error {
  constructor(readonly answer: HttpError) {
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

const answerCheckers = new Map<DeploymentPath, ReturnType<typeof Compile>>();
function answerChecker(path: DeploymentPath) {
  let check = answerCheckers.get(path);
  if (!check) {
    const result = PUBLIC_DEPLOYMENTS[path].result as unknown as TSchema;
    check = Compile(Type.Omit(result as never, [...GATEWAY_FIELDS]) as TSchema);
    answerCheckers.set(path, check);
  }
  return check;
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

export function createGateway(config: UpstreamConfig) {
  const retryAfterOpen = String(Math.max(1, Math.ceil(config.halfOpenAfterMs / 1000)));
  interface Upstream {
    base: string;
    origin: string;
    pool: Pool;
    policy: IPolicy;
    breaker: ReturnType<typeof circuitBreaker>;
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
        policy: wrap(limit, breaker),
        health: {
          deployments: [],
          consecutive_failures: 0,
          last_success_at: null,
          last_failure_at: null,
          last_failure: null,
        },
      };
      upstreams.set(normalised, upstream);
    }
    upstream.health.deployments.push(path);
    byPath.set(path, upstream);
  }

  async function forward(upstream: Upstream, task: RenderTask): Promise<RenderOutcome> {
    const name = PUBLIC_DEPLOYMENTS[task.path].name;
    const url = new URL(`${upstream.base}/${task.path}`);
    const fail = (status: number, message: string, retryAfter?: string) =>
      new UpstreamFailure(
        new HttpError(
          status,
          `${message} Nothing was charged.`,
          retryAfter ? { 'retry-after': retryAfter } : undefined,
        ),
      );
    const signal = AbortSignal.timeout(config.timeoutMs);
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
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          image: Buffer.from(
            task.image.buffer,
            task.image.byteOffset,
            task.image.byteLength,
          ).toString('base64'),
          ...task.params,
        }),
        signal,
      });
    } catch (error) {
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
          throw fail(502, `The ${name} deployment sent an answer larger than the gateway accepts.`);
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
    let body: unknown;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    const status = response.statusCode;
    if (status === 200) {
      if (!body || typeof body !== 'object' || !answerChecker(task.path).Check(body)) {
        throw fail(502, `The ${name} deployment sent an answer that does not match its contract.`);
      }
      const { image, ...result } = body as Record<string, unknown>;
      return { ok: true, image: image as never, result };
    }
    const message = safeMessage((body as { error_message?: unknown } | undefined)?.error_message);
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
      throw fail(503, `The ${name} deployment is busy.`, retryAfter);
    }
    throw fail(502, `The ${name} deployment failed (HTTP ${status}). Retry in a moment.`, '5');
  }

  return {
    /** A Renderer: forwards the call, or throws the 502/503/504 the caller answers. */
    async render(task: RenderTask): Promise<RenderOutcome> {
      const upstream = byPath.get(task.path);
      if (!upstream) {
        throw new HttpError(
          503,
          'This deployment has no upstream configured. Nothing was charged.',
        );
      }
      try {
        const outcome = await upstream.policy.execute(() => forward(upstream, task));
        upstream.health.consecutive_failures = 0;
        upstream.health.last_success_at = new Date().toISOString();
        return outcome;
      } catch (error) {
        if (error instanceof BulkheadRejectedError) {
          throw new HttpError(
            503,
            'The gateway is busy: every upstream slot is in use. Nothing was charged.',
            {
              'retry-after': '2',
            },
          );
        }
        if (error instanceof BrokenCircuitError) {
          throw new HttpError(
            503,
            `The ${PUBLIC_DEPLOYMENTS[task.path].name} deployment is temporarily unavailable after repeated failures. Nothing was charged.`,
            { 'retry-after': retryAfterOpen },
          );
        }
        if (error instanceof UpstreamFailure) {
          upstream.health.consecutive_failures += 1;
          upstream.health.last_failure_at = new Date().toISOString();
          upstream.health.last_failure = error.answer.message;
          throw error.answer;
        }
        throw error;
      }
    },

    /** Each upstream's circuit, for /health: nothing secret (origins only). */
    health(): UpstreamHealth[] {
      return [...upstreams.values()].map((upstream) => ({
        origin: upstream.origin,
        ...upstream.health,
        state:
          upstream.breaker.state === CircuitState.Open ||
          upstream.breaker.state === CircuitState.Isolated
            ? 'open'
            : upstream.breaker.state === CircuitState.HalfOpen
              ? 'half_open'
              : 'closed',
      }));
    },

    async close(): Promise<void> {
      await Promise.all([...upstreams.values()].map((upstream) => upstream.pool.close()));
    },
  };
}
export type Gateway = ReturnType<typeof createGateway>;
