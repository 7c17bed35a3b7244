/**
 * `visionapi listen --forward-to <url>`: the organization's events on a developer's machine,
 * without a public URL (as `stripe listen` does). It reads the live event stream with the admin
 * key (`client.events.stream()`, which reconnects with Last-Event-ID and never yields an event
 * twice) and POSTs each event to the local URL exactly as a webhook delivery would arrive: the
 * same JSON body and the Standard Webhooks headers, signed with a secret made for this session,
 * so a handler that verifies with `unwrap()` works unchanged. One line per event: time, type,
 * id, and the local answer's status or the error.
 */
import type { VisionAPI } from './core/client.js';
import { type EventType, type StreamedEvent } from './core/events.js';
/** What a webhook receiver gets to answer, and what `listen` gives a local one. */
export declare const FORWARD_TIMEOUT_MS = 10000;
export interface ListenIO {
    /** Event lines (and, with --print-json, the events' JSON). */
    out: (text: string) => void;
    /** Status lines: ready, reconnecting. */
    status: (text: string) => void;
}
export interface ListenOptions {
    forwardTo: string;
    types?: readonly EventType[];
    printJson?: boolean;
    signal: AbortSignal;
    /** The session's secret (tests); a new one by default. */
    secret?: string;
    /** Reconnection backoff (tests make it short). */
    initialRetryDelay?: number;
    timeoutMs?: number;
}
export declare class ListenUsageError extends Error {
}
/** The forward URL: http(s) only (loopback allowed: it is the developer's own machine). */
export declare function forwardUrl(raw: string): URL;
/** `job.succeeded,job.failed` → the types; a usage error for an unknown one. */
export declare function eventTypes(raw: string | undefined): EventType[] | undefined;
/** POSTs one event as a webhook delivery; the status, or why there is none. Never throws. */
export declare function forward(url: URL, secret: string, event: StreamedEvent, timeoutMs: number, outer?: AbortSignal): Promise<{
    status: number | null;
    error: string | null;
}>;
/** Runs until `signal` aborts; resolves then. API errors a retry cannot fix are thrown. */
export declare function listen(client: VisionAPI, options: ListenOptions, io: ListenIO): Promise<void>;
