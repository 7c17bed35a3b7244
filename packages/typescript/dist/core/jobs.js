/**
 * Async jobs: a deployment call sent with `Prefer: respond-async` (`run(path, image, params,
 * { async: true })`) answers 202 with a job at once. `job.wait()` polls `GET /jobs/{id}` with
 * backoff until it has finished, within a bounded time; `job.cancel()` gives its held price back.
 */
import { VisionAPIError } from './errors.js';
export const TERMINAL_JOB_STATUSES = ['succeeded', 'failed', 'canceled'];
const pause = (ms, signal) => new Promise((resolve, reject) => {
    if (signal?.aborted)
        return reject(new VisionAPIError('The wait was aborted.'));
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
export class Job {
    object;
    id;
    status;
    deployment;
    price_usd;
    created_at;
    started_at;
    finished_at;
    expires_at;
    retention_hours;
    result;
    error;
    /** The answer's metadata of the call that created the job (status 202, `Location`, …). */
    meta;
    #transport;
    constructor(data, transport, meta = null) {
        this.#transport = transport;
        this.meta = meta;
        this.#apply(data);
    }
    #apply(data) {
        Object.assign(this, data);
        if (this.result !== null && this.result !== undefined)
            this.result = this.#transport.finish(this.result);
    }
    /** True once `succeeded`, `failed` or `canceled`. */
    get done() {
        return TERMINAL_JOB_STATUSES.includes(this.status);
    }
    /** Reads the job again (`GET /jobs/{id}`). */
    async refresh(signal) {
        this.#apply(await this.#transport.get(this.id, signal));
        return this;
    }
    /** Cancels it (`POST /jobs/{id}/cancel`): its held price goes back in full. */
    async cancel(signal) {
        this.#apply(await this.#transport.cancel(this.id, signal));
        return this;
    }
    /**
     * Polls until the job has finished, with backoff (0.5 s growing to 5 s by default), for at most
     * `timeout` (10 minutes). Resolves with the job: check `status` (`result` once `succeeded`,
     * `error` once `failed`).
     */
    async wait(options = {}) {
        const timeout = options.timeout ?? 10 * 60_000;
        const maxInterval = options.maxInterval ?? 5_000;
        let interval = Math.min(options.initialInterval ?? 500, maxInterval);
        const until = Date.now() + timeout;
        while (!this.done) {
            const left = until - Date.now();
            if (left <= 0) {
                throw new VisionAPIError(`Job ${this.id} is still ${this.status} after ${timeout} ms: call wait() again, or cancel() it.`);
            }
            await pause(Math.min(interval, left), options.signal);
            interval = Math.min(Math.ceil(interval * 1.5), maxInterval);
            await this.refresh(options.signal);
        }
        return this;
    }
    toJSON() {
        const { meta: _meta, ...data } = { ...this };
        return data;
    }
}
