import type { ResponseMeta } from './types.js';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'canceled';
export declare const TERMINAL_JOB_STATUSES: readonly JobStatus[];
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
    error: {
        code: string;
        message: string;
    } | null;
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
export declare class Job<R = unknown> implements JobData<R> {
    #private;
    object: 'job';
    id: string;
    status: JobStatus;
    deployment: string;
    price_usd: number;
    created_at: string;
    started_at: string | null;
    finished_at: string | null;
    expires_at: string | null;
    retention_hours: number;
    result: R | null;
    error: {
        code: string;
        message: string;
    } | null;
    /** The answer's metadata of the call that created the job (status 202, `Location`, …). */
    readonly meta: ResponseMeta | null;
    constructor(data: JobData<R>, transport: JobTransport<R>, meta?: ResponseMeta | null);
    /** True once `succeeded`, `failed` or `canceled`. */
    get done(): boolean;
    /** Reads the job again (`GET /jobs/{id}`). */
    refresh(signal?: AbortSignal): Promise<this>;
    /** Cancels it (`POST /jobs/{id}/cancel`): its held price goes back in full. */
    cancel(signal?: AbortSignal): Promise<this>;
    /**
     * Polls until the job has finished, with backoff (0.5 s growing to 5 s by default), for at most
     * `timeout` (10 minutes). Resolves with the job: check `status` (`result` once `succeeded`,
     * `error` once `failed`).
     */
    wait(options?: WaitOptions): Promise<this>;
    toJSON(): JobData<R>;
}
