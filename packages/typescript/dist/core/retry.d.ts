/**
 * When to retry and how long to wait. The rules (the same in the Python SDK):
 *   - `x-should-retry: false` is never retried, whatever the status; `true` is retried;
 *   - otherwise 408, 429, 5xx and a 409 whose code is `idempotency_in_progress` or
 *     `idempotency_superseded` are retried, nothing else;
 *   - the wait is the answer's `Retry-After` (seconds or an HTTP date; `retry-after-ms` too)
 *     when it sends one, exactly; a `Retry-After` longer than `maxRetryAfter` is not waited for
 *     (the error is thrown); without one, exponential backoff with jitter:
 *     `min(initial × 2^retry, max) × (1 − random × 0.25)`.
 */
/** Whether an error answer may be retried. */
export declare function isRetryableAnswer(status: number, code: string | null, headers: Headers): boolean;
/** Milliseconds the answer asks to wait (`retry-after-ms`, then `Retry-After`), or null. */
export declare function retryAfterMs(headers: Headers, now?: number): number | null;
export interface BackoffSettings {
    initialRetryDelay: number;
    maxRetryDelay: number;
}
/** The backoff before retry number `retry` (0 for the first), in milliseconds. */
export declare function backoffMs(retry: number, settings: BackoffSettings, random?: () => number): number;
/** Waits `ms`, or rejects when `signal` aborts first. */
export declare function sleep(ms: number, signal?: AbortSignal): Promise<void>;
