/**
 * The organization's events (`client.events`): listed and read one by one through the generated
 * operations, and streamed live from `GET /v1/events/stream` (Server-Sent Events) as an async
 * iterator that reconnects by itself:
 *
 *   for await (const event of client.events.stream({ types: ['job.succeeded'] })) …
 *
 * A dropped or silent connection (no byte for `idleTimeout`; the server sends a comment every
 * 15 s) is reopened with backoff and `Last-Event-ID`, so the server first resends what was
 * missed; an id already yielded is never yielded again. Errors a retry cannot fix (401, 403, a
 * bad request) end the iteration by throwing; 429 and 5xx wait (`Retry-After`) and retry.
 */
import type * as T from '../generated/contract.js';
import type { AccountResource } from '../generated/resources.js';
import type { APIPromise } from './api-promise.js';
import { APIError } from './errors.js';
import type { CallOptions } from './types.js';
import type { WebhookEvent } from './webhooks.js';
export type EventType = T.GetEventResponse['type'];
/** Every event type, in the contract's order. */
export declare const EVENT_TYPES: readonly EventType[];
/** One event of the stream. */
export interface StreamedEvent<D = Record<string, unknown>> {
    /** `evt_…`: what a webhook delivery of it carries as `webhook-id`. */
    id: string;
    type: EventType;
    /** The JSON body a webhook delivery of it carries, byte for byte (forward it as it is). */
    body: string;
    /** The body, parsed: `type`, `timestamp` and `data`. */
    event: WebhookEvent<D>;
}
export interface EventStreamOptions {
    /** Only these types (default: every type). */
    types?: readonly EventType[];
    /** Resume after this event id: the events after it are sent first. */
    after?: string;
    /** Ends the iteration (it returns; nothing is thrown). */
    signal?: AbortSignal;
    /** A connection with no byte for this long is reopened (ms; default 45000, 3 heartbeats). */
    idleTimeout?: number;
    /** Backoff between reconnections (ms; default 500 doubling to 30000). */
    initialRetryDelay?: number;
    maxRetryDelay?: number;
    /** Called on each (re)connection, with the id it resumes after. */
    onConnect?: (info: {
        after: string | null;
        attempt: number;
    }) => void;
    /** Called when a connection is lost, before waiting `delayMs` to reconnect. */
    onDisconnect?: (info: {
        error: Error;
        delayMs: number;
    }) => void;
    /**
     * The server cannot resume after the last id (404: the event is gone; 410: too much was
     * missed, read it with `events.list`). Return true to go on from now (what `visionapi listen`
     * does, saying so); by default the error is thrown.
     */
    onResumeRefused?: (error: APIError) => boolean;
}
/** What the client gives the stream: an open `GET /v1/events/stream` answer. */
export type EventStreamConnect = (query: URLSearchParams, lastEventId: string | null, signal: AbortSignal) => Promise<Response>;
interface Frame {
    id: string | null;
    event: string | null;
    data: string | null;
}
/** Splits Server-Sent Events text into frames (https://html.spec.whatwg.org/#event-stream-interpretation). */
export declare class SseParser {
    #private;
    /** Feeds text; returns the frames it completed. */
    push(text: string): Frame[];
}
/** The stream: connections, reconnections and deduplication (see the file's comment). */
export declare function streamEvents<D = Record<string, unknown>>(connect: EventStreamConnect, options?: EventStreamOptions): AsyncGenerator<StreamedEvent<D>, void, undefined>;
/** `client.events`: list and get (the generated operations) and the live stream. */
export declare class EventsResource {
    private readonly account;
    private readonly connect;
    constructor(account: AccountResource, connect: EventStreamConnect);
    /** Events of the organization, newest first (`GET /v1/events`). */
    list(request?: T.ListEventsRequest, options?: CallOptions): APIPromise<T.ListEventsResponse>;
    /** One event (`GET /v1/events/{event_id}`). */
    get(eventId: string, options?: CallOptions): APIPromise<T.GetEventResponse>;
    /** The organization's events as they happen (`GET /v1/events/stream`), reconnecting by itself. */
    stream<D = Record<string, unknown>>(options?: EventStreamOptions): AsyncGenerator<StreamedEvent<D>, void, undefined>;
}
export {};
