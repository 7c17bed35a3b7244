/**
 * The worker pool that decodes images and renders answers off the event loop (piscina), with a
 * bounded queue: when every worker is busy and the queue is full, callers get 503 with
 * Retry-After at once, and nothing is charged.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { ApiError } from '../../lib/errors';
import type { RenderOutcome, RenderTask } from './task';

export type Renderer = (task: RenderTask) => Promise<RenderOutcome>;

export interface RenderPoolOptions {
  /** Worker threads; default: the machine's parallelism. */
  threads?: number;
  /** Calls that may wait for a worker; beyond it, 503. */
  maxQueue?: number;
  /** A render taking longer than this is abandoned (its worker is replaced). */
  timeoutMs?: number;
  /** The worker module; tests use a slow stand-in to fill the queue deterministically. */
  filename?: string;
}

export const BUSY_MESSAGE =
  'The service is busy: every worker is processing images and the queue is full. Nothing was charged. Retry in a few seconds.';
export const RETRY_AFTER_SECONDS = 2;

export function busy(): ApiError {
  return new ApiError('service_unavailable', BUSY_MESSAGE, {
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  });
}

export function createRenderPool(options: RenderPoolOptions = {}) {
  const threads = Math.max(1, options.threads ?? availableParallelism());
  const pool = new Piscina({
    filename: options.filename ?? new URL('./worker.cjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  const timeoutMs = options.timeoutMs ?? 30_000;
  // Admission is counted here rather than left to piscina's maxQueue (which, measured with piscina
  // 5.3, let a single busy worker accept every task): at most one task per thread running plus
  // `maxQueue` waiting; the rest are refused at once.
  const capacity = threads + (options.maxQueue ?? 32);
  let inFlight = 0;

  const run: Renderer = async (task) => {
    if (inFlight >= capacity) throw busy();
    inFlight += 1;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return (await pool.run(task, { signal: controller.signal })) as RenderOutcome;
    } catch (error) {
      if (/task queue/i.test((error as Error).message ?? '')) throw busy();
      if (controller.signal.aborted) {
        throw new ApiError(
          'service_unavailable',
          'The image took too long to process. Nothing was charged. Try a smaller image.',
          { retryAfterSeconds: RETRY_AFTER_SECONDS },
        );
      }
      throw error;
    } finally {
      inFlight -= 1;
      clearTimeout(timer);
    }
  };

  return { run, close: () => pool.destroy(), threads, inFlight: () => inFlight };
}
export type RenderPool = ReturnType<typeof createRenderPool>;
