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
const RETRYABLE_409 = new Set(['idempotency_in_progress', 'idempotency_superseded']);
/** Whether an error answer may be retried. */
export function isRetryableAnswer(status, code, headers) {
    const should = headers.get('x-should-retry');
    if (should === 'false')
        return false;
    if (should === 'true')
        return true;
    if (status === 408 || status === 429 || status >= 500)
        return true;
    return status === 409 && code !== null && RETRYABLE_409.has(code);
}
/** Milliseconds the answer asks to wait (`retry-after-ms`, then `Retry-After`), or null. */
export function retryAfterMs(headers, now = Date.now()) {
    const ms = headers.get('retry-after-ms');
    if (ms !== null && /^\d{1,9}(?:\.\d{1,6})?$/.test(ms.trim()))
        return Number(ms.trim());
    const value = headers.get('retry-after');
    if (value === null)
        return null;
    const trimmed = value.trim();
    if (/^\d{1,9}$/.test(trimmed))
        return Number(trimmed) * 1000;
    if (trimmed.length > 64)
        return null;
    const date = Date.parse(trimmed);
    return Number.isNaN(date) ? null : Math.max(0, date - now);
}
/** The backoff before retry number `retry` (0 for the first), in milliseconds. */
export function backoffMs(retry, settings, random = Math.random) {
    const base = Math.min(settings.initialRetryDelay * 2 ** retry, settings.maxRetryDelay);
    return base * (1 - random() * 0.25);
}
/** Waits `ms`, or rejects when `signal` aborts first. */
export function sleep(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal?.aborted)
            return reject(signal.reason);
        const timer = setTimeout(() => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
        }, ms);
        const onAbort = () => {
            clearTimeout(timer);
            reject(signal.reason);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
    });
}
