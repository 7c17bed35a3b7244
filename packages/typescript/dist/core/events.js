import { APIConnectionError, APIError, VisionAPIError } from './errors.js';
import { errorFromAnswer } from './http.js';
import { backoffMs, isRetryableAnswer, retryAfterMs, sleep } from './retry.js';
/** Every event type, in the contract's order. */
export const EVENT_TYPES = [
    'job.succeeded',
    'job.failed',
    'balance.low',
    'key.paused',
    'payment.succeeded',
    'test',
];
/** Longest frame the stream accepts (an event's body is far smaller). */
const MAX_FRAME_CHARS = 1024 * 1024;
/** Ids remembered to skip a resent event. */
const REMEMBERED_IDS = 4_096;
const EVENT_ID = /^evt_[0-9a-f]{24}$/;
/** Splits Server-Sent Events text into frames (https://html.spec.whatwg.org/#event-stream-interpretation). */
export class SseParser {
    #buffer = '';
    #data = [];
    #id = null;
    #event = null;
    #size = 0;
    /** Feeds text; returns the frames it completed. */
    push(text) {
        this.#buffer += text;
        const frames = [];
        for (;;) {
            let end = -1;
            let width = 1;
            for (let i = 0; i < this.#buffer.length; i++) {
                const c = this.#buffer[i];
                if (c === '\n') {
                    end = i;
                    break;
                }
                if (c === '\r') {
                    // A lone \r at the end may be the first half of \r\n: wait for more.
                    if (i === this.#buffer.length - 1)
                        break;
                    end = i;
                    width = this.#buffer[i + 1] === '\n' ? 2 : 1;
                    break;
                }
            }
            if (end < 0)
                break;
            const line = this.#buffer.slice(0, end);
            this.#buffer = this.#buffer.slice(end + width);
            const frame = this.#line(line);
            if (frame)
                frames.push(frame);
        }
        if (this.#buffer.length + this.#size > MAX_FRAME_CHARS)
            throw new VisionAPIError('An event stream frame is larger than 1 MiB.');
        return frames;
    }
    #line(line) {
        if (line === '') {
            const frame = this.#data.length > 0
                ? { id: this.#id, event: this.#event, data: this.#data.join('\n') }
                : null;
            this.#data = [];
            this.#event = null;
            this.#id = null;
            this.#size = 0;
            return frame;
        }
        if (line.startsWith(':'))
            return null;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let value = colon < 0 ? '' : line.slice(colon + 1);
        if (value.startsWith(' '))
            value = value.slice(1);
        this.#size += value.length;
        if (field === 'data')
            this.#data.push(value);
        else if (field === 'event')
            this.#event = value;
        else if (field === 'id' && !value.includes('\0'))
            this.#id = value;
        return null;
    }
}
/** Reads one connection's frames; ends when the server closes it or it goes silent. */
async function* frames(response, idleTimeout, abort) {
    if (!response.body)
        return;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseParser();
    let idle;
    const arm = () => {
        clearTimeout(idle);
        idle = setTimeout(abort, idleTimeout);
    };
    try {
        arm();
        for (;;) {
            const { done, value } = await reader.read();
            if (done)
                return;
            arm();
            yield* parser.push(decoder.decode(value, { stream: true }));
        }
    }
    finally {
        clearTimeout(idle);
        reader.cancel().catch(() => undefined);
    }
}
function parseEvent(frame) {
    if (!frame.id || !EVENT_ID.test(frame.id) || frame.data === null)
        return null;
    let event;
    try {
        event = JSON.parse(frame.data);
    }
    catch {
        return null;
    }
    const type = (frame.event ?? event.type);
    return { id: frame.id, type, body: frame.data, event };
}
/** The stream: connections, reconnections and deduplication (see the file's comment). */
export async function* streamEvents(connect, options = {}) {
    const types = options.types ? [...new Set(options.types)] : null;
    for (const type of types ?? [])
        if (!EVENT_TYPES.includes(type))
            throw new VisionAPIError(`"${String(type).slice(0, 40)}" is not an event type.`);
    if (options.after !== undefined && !EVENT_ID.test(options.after))
        throw new VisionAPIError('`after` is an event id (evt_ and 24 hex characters).');
    const idleTimeout = options.idleTimeout ?? 45_000;
    const backoff = {
        initialRetryDelay: options.initialRetryDelay ?? 500,
        maxRetryDelay: options.maxRetryDelay ?? 30_000,
    };
    const outer = options.signal;
    let lastId = options.after ?? null;
    const yielded = new Set();
    let failures = 0;
    let attempt = 0;
    const wait = async (error, delayMs) => {
        options.onDisconnect?.({ error, delayMs });
        try {
            await sleep(delayMs, outer);
            return true;
        }
        catch {
            return false;
        }
    };
    while (!outer?.aborted) {
        const controller = new AbortController();
        const onAbort = () => controller.abort(outer?.reason);
        outer?.addEventListener('abort', onAbort, { once: true });
        const query = new URLSearchParams();
        if (types)
            query.set('types', types.join(','));
        try {
            let response;
            try {
                response = await connect(query, lastId, controller.signal);
            }
            catch (error) {
                if (outer?.aborted)
                    return;
                if (error instanceof VisionAPIError && !(error instanceof APIConnectionError))
                    throw error;
                const lost = new APIConnectionError(`Could not reach the event stream: ${error.message}`, 1, { cause: error });
                if (!(await wait(lost, backoffMs(failures++, backoff))))
                    return;
                continue;
            }
            if (!response.ok) {
                const text = (await response.text().catch(() => '')).slice(0, 64 * 1024);
                const error = errorFromAnswer(response, text, attempt + 1);
                if ((response.status === 404 || response.status === 410) && lastId !== null) {
                    if (options.onResumeRefused?.(error)) {
                        lastId = null;
                        continue;
                    }
                    throw error;
                }
                if (!isRetryableAnswer(response.status, error.code, response.headers))
                    throw error;
                const delay = retryAfterMs(response.headers) ?? backoffMs(failures++, backoff);
                if (!(await wait(error, delay)))
                    return;
                continue;
            }
            options.onConnect?.({ after: lastId, attempt: attempt++ });
            let received = false;
            for await (const frame of frames(response, idleTimeout, () => controller.abort())) {
                received = true;
                const event = parseEvent(frame);
                if (!event || yielded.has(event.id))
                    continue;
                yielded.add(event.id);
                if (yielded.size > REMEMBERED_IDS)
                    yielded.delete(yielded.values().next().value);
                lastId = event.id;
                yield event;
                if (outer?.aborted)
                    return;
            }
            if (outer?.aborted)
                return;
            // The server ended it (a restart, a deploy): reconnect soon, resuming.
            if (received)
                failures = 0;
            const ended = new APIConnectionError('The event stream ended.', 1);
            if (!(await wait(ended, backoffMs(failures++, backoff))))
                return;
        }
        catch (error) {
            if (outer?.aborted)
                return;
            if (error instanceof APIError || !(error instanceof Error))
                throw error;
            if (error instanceof VisionAPIError && !(error instanceof APIConnectionError))
                throw error;
            const lost = error instanceof APIConnectionError
                ? error
                : new APIConnectionError(`The event stream was cut: ${error.message}`, 1, {
                    cause: error,
                });
            if (!(await wait(lost, backoffMs(failures++, backoff))))
                return;
        }
        finally {
            outer?.removeEventListener('abort', onAbort);
            controller.abort();
        }
    }
}
/** `client.events`: list and get (the generated operations) and the live stream. */
export class EventsResource {
    account;
    connect;
    constructor(account, connect) {
        this.account = account;
        this.connect = connect;
    }
    /** Events of the organization, newest first (`GET /v1/events`). */
    list(request, options) {
        return this.account.listEvents(request, options);
    }
    /** One event (`GET /v1/events/{event_id}`). */
    get(eventId, options) {
        return this.account.getEvent({ event_id: eventId }, options);
    }
    /** The organization's events as they happen (`GET /v1/events/stream`), reconnecting by itself. */
    stream(options) {
        return streamEvents(this.connect, options);
    }
}
