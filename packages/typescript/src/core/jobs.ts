/**
 * Async jobs: a deployment call sent with `Prefer: respond-async` (`run(path, image, params,
 * { async: true })`) answers 202 with a job at once. `job.wait()` polls `GET /jobs/{id}` with
 * backoff until it has finished, within a bounded time; `job.cancel()` gives its held price back.
 */
import { VisionAPIError } from './errors.js';
import type { ResponseMeta } from './types.js';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'failed', 'canceled'];

/** A job as the services host shows it. */
export interface JobData<R = unknown> {
  object: 'job';
  id: string;
  status: JobStatus;
  deployment: string;
  /** The price held when the job was accepted (USD): charged once if it succeeds, else released. */
  price_usd: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** When its result is deleted: 24 hours after it finished (null until then). */
  expires_at: string | null;
  retention_hours: number;
  /** The deployment's answer once `succeeded`. */
  result: R | null;
  /** Why it failed, once `failed` (nothing was charged). */
  error: { code: string; message: string } | null;
}

export interface WaitOptions {
  /** Give up after this long (ms; default 10 minutes). */
  timeout?: number;
  /** First pause between polls (ms; default 500), growing 1.5× per poll… */
  initialInterval?: number;
  /** …up to this (ms; default 5,000). */
  maxInterval?: number;
  signal?: AbortSignal;
}

/** What a job needs of its client: one GET or POST on the services host. */
export interface JobTransport<R> {
  get(id: string, signal?: AbortSignal): Promise<JobData<R>>;
  cancel(id: string, signal?: AbortSignal): Promise<JobData<R>>;
  /** Applied to a result once (the client's resizing undone). */
  finish(result: R): R;
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(new VisionAPIError('The wait was aborted.'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new VisionAPIError('The wait was aborted.'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export class Job<R = unknown> implements JobData<R> {
  object!: 'job';
  id!: string;
  status!: JobStatus;
  deployment!: string;
  price_usd!: number;
  created_at!: string;
  started_at!: string | null;
  finished_at!: string | null;
  expires_at!: string | null;
  retention_hours!: number;
  result!: R | null;
  error!: { code: string; message: string } | null;
  /** The answer's metadata of the call that created the job (status 202, `Location`, …). */
  readonly meta: ResponseMeta | null;
  readonly #transport: JobTransport<R>;

  constructor(data: JobData<R>, transport: JobTransport<R>, meta: ResponseMeta | null = null) {
    this.#transport = transport;
    this.meta = meta;
    this.#apply(data);
  }

  #apply(data: JobData<R>): void {
    Object.assign(this, data);
    if (this.result !== null && this.result !== undefined)
      this.result = this.#transport.finish(this.result);
  }

  /** True once `succeeded`, `failed` or `canceled`. */
  get done(): boolean {
    return TERMINAL_JOB_STATUSES.includes(this.status);
  }

  /** Reads the job again (`GET /jobs/{id}`). */
  async refresh(signal?: AbortSignal): Promise<this> {
    this.#apply(await this.#transport.get(this.id, signal));
    return this;
  }

  /** Cancels it (`POST /jobs/{id}/cancel`): its held price goes back in full. */
  async cancel(signal?: AbortSignal): Promise<this> {
    this.#apply(await this.#transport.cancel(this.id, signal));
    return this;
  }

  /**
   * Polls until the job has finished, with backoff (0.5 s growing to 5 s by default), for at most
   * `timeout` (10 minutes). Resolves with the job: check `status` (`result` once `succeeded`,
   * `error` once `failed`).
   */
  async wait(options: WaitOptions = {}): Promise<this> {
    const timeout = options.timeout ?? 10 * 60_000;
    const maxInterval = options.maxInterval ?? 5_000;
    let interval = Math.min(options.initialInterval ?? 500, maxInterval);
    const until = Date.now() + timeout;
    while (!this.done) {
      const left = until - Date.now();
      if (left <= 0) {
        throw new VisionAPIError(
          `Job ${this.id} is still ${this.status} after ${timeout} ms: call wait() again, or cancel() it.`,
        );
      }
      await pause(Math.min(interval, left), options.signal);
      interval = Math.min(Math.ceil(interval * 1.5), maxInterval);
      await this.refresh(options.signal);
    }
    return this;
  }

  toJSON(): JobData<R> {
    const { meta: _meta, ...data } = { ...this } as Job<R> & { meta: unknown };
    return data as unknown as JobData<R>;
  }
}
