/**
 * One request with its retries: a timeout per attempt, the same `Idempotency-Key` on every
 * attempt, backoff between them (./retry.ts), and the answer read as data or thrown as a typed
 * error. Both hosts' calls go through here.
 */
import { ERROR_CLASSES } from '../generated/errors.js';
import { ERROR_CODES } from '../generated/contract.js';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, } from './errors.js';
import { backoffMs, isRetryableAnswer, retryAfterMs, sleep, } from './retry.js';
/** Largest answer read, in bytes: far above any deployment's answer (masks included). */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
function number(headers, name) {
    const value = headers.get(name);
    if (value === null || value.length > 32)
        return null;
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
}
export function responseMeta(response, attempts, idempotencyKey) {
    const h = response.headers;
    const limit = number(h, 'x-ratelimit-limit');
    const capLimit = number(h, 'x-spend-cap-limit');
    return {
        status: response.status,
        headers: h,
        requestId: h.get('x-request-id'),
        attempts,
        idempotencyKey,
        replayed: h.get('idempotent-replayed') === 'true',
        rateLimit: limit === null
            ? null
            : {
                limit,
                remaining: number(h, 'x-ratelimit-remaining') ?? 0,
                resetSeconds: number(h, 'x-ratelimit-reset') ?? 0,
            },
        spendCap: capLimit === null
            ? null
            : {
                limitUsd: capLimit,
                remainingUsd: number(h, 'x-spend-cap-remaining') ?? 0,
                resetSeconds: number(h, 'x-spend-cap-reset') ?? 0,
            },
    };
}
/** The body, read at most to MAX_ANSWER_BYTES. */
async function readBytes(response) {
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > MAX_ANSWER_BYTES)
        throw new Error(`answer of ${declared} bytes is too large`);
    if (!response.body)
        return new Uint8Array(0);
    const reader = response.body.getReader();
    const chunks = [];
    let size = 0;
    for (;;) {
        const { done, value } = await reader.read();
        if (done)
            break;
        size += value.byteLength;
        if (size > MAX_ANSWER_BYTES) {
            await reader.cancel();
            throw new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`);
        }
        chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
    }
    return bytes;
}
const isErrorCode = (value) => typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, value);
/** An error answer as its typed error. */
export function errorFromAnswer(response, text, attempts) {
    let body = {};
    try {
        const parsed = JSON.parse(text);
        if (parsed && typeof parsed === 'object')
            body = parsed;
    }
    catch {
        // Not JSON (a proxy's page): the status is all there is.
    }
    const code = isErrorCode(body.code) ? body.code : null;
    const should = response.headers.get('x-should-retry');
    const init = {
        status: response.status,
        code,
        message: typeof body.error_message === 'string'
            ? body.error_message
            : `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
        requestId: typeof body.request_id === 'string' ? body.request_id : response.headers.get('x-request-id'),
        details: body.details && typeof body.details === 'object'
            ? body.details
            : null,
        headers: response.headers,
        shouldRetry: should === 'true' ? true : should === 'false' ? false : null,
        attempts,
    };
    const ErrorClass = code ? ERROR_CLASSES[code] : APIError;
    return new ErrorClass(init);
}
/** An abort signal for one attempt: the caller's signal or the attempt's timeout. */
function attemptSignal(timeout, outer) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new Error('timeout'));
    }, timeout);
    const onAbort = () => controller.abort(outer.reason);
    if (outer?.aborted)
        controller.abort(outer.reason);
    else
        outer?.addEventListener('abort', onAbort, { once: true });
    return {
        signal: controller.signal,
        timedOut: () => timedOut,
        done: () => {
            clearTimeout(timer);
            outer?.removeEventListener('abort', onAbort);
        },
    };
}
/** Sends a request, retrying as ./retry.ts says; resolves with the body and its metadata. */
export async function send(settings, request) {
    const headers = { ...request.headers };
    if (request.idempotencyKey)
        headers['idempotency-key'] = request.idempotencyKey;
    for (let attempt = 1;; attempt++) {
        const retriesLeft = attempt <= request.maxRetries;
        const wait = (ms) => sleep(ms, request.signal).catch(() => {
            throw new APIUserAbortError('The call was aborted.');
        });
        const once = attemptSignal(request.timeout, request.signal);
        let response;
        let bytes;
        try {
            response = await settings.fetch(request.url, {
                method: request.method,
                headers,
                body: request.body,
                signal: once.signal,
                // A redirect would resend the credentials elsewhere: answers are taken as they are.
                redirect: 'manual',
            });
            bytes = await readBytes(response);
        }
        catch (cause) {
            if (request.signal?.aborted)
                throw new APIUserAbortError('The call was aborted.');
            const error = once.timedOut()
                ? new APIConnectionTimeoutError(`No answer within ${request.timeout} ms (${attempt} attempt${attempt > 1 ? 's' : ''}).`, attempt, { cause })
                : new APIConnectionError(`Connection error: ${cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause)} (${attempt} attempt${attempt > 1 ? 's' : ''}).`, attempt, { cause });
            if (!request.retryWithoutAnswer || !retriesLeft)
                throw error;
            await wait(backoffMs(attempt - 1, settings));
            continue;
        }
        finally {
            once.done();
        }
        const meta = responseMeta(response, attempt, request.idempotencyKey);
        if (response.ok) {
            if (request.produces === 'binary')
                return { data: bytes, meta };
            const text = new TextDecoder().decode(bytes);
            if (request.produces === 'text')
                return { data: text, meta };
            return { data: (text ? JSON.parse(text) : null), meta };
        }
        const error = errorFromAnswer(response, new TextDecoder().decode(bytes), attempt);
        if (!retriesLeft || !isRetryableAnswer(response.status, error.code, response.headers)) {
            throw error;
        }
        const asked = retryAfterMs(response.headers);
        if (asked !== null && asked > settings.maxRetryAfter * 1000)
            throw error;
        await wait(asked ?? backoffMs(attempt - 1, settings));
    }
}
