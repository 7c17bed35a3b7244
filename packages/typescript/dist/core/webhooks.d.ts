/**
 * Verifying a webhook delivery (Standard Webhooks, https://www.standardwebhooks.com): the
 * `webhook-signature` header carries one or more `v1,<base64 HMAC-SHA256>` signatures of
 * `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the endpoint's
 * `whsec_…` secret. Web Crypto only, so it runs in Node 20+, Deno, Bun, edge runtimes and browsers.
 */
import { VisionAPIError } from './errors.js';
/** What `unwrap` returns: the event as it was sent. */
export interface WebhookEvent<T = Record<string, unknown>> {
    /** `job.succeeded`, `job.failed`, `balance.low`, `key.paused`, `payment.succeeded` or `test`. */
    type: string;
    /** When the event happened (ISO 8601). */
    timestamp: string;
    data: T;
}
/** The signature is missing, wrong, or its timestamp is outside the tolerance. */
export declare class WebhookVerificationError extends VisionAPIError {
    readonly name: string;
}
/** How far `webhook-timestamp` may be from the receiver's clock (seconds). */
export declare const WEBHOOK_TOLERANCE_SECONDS = 300;
export type WebhookHeaders = {
    get(name: string): string | null;
} | Record<string, string | string[] | undefined>;
export interface UnwrapOptions {
    /** Seconds of clock skew accepted (default 300). */
    toleranceSeconds?: number;
    /** The receiver's clock (ms since the epoch; tests). */
    now?: () => number;
}
/**
 * Checks a delivery's signature and timestamp and returns the parsed event; throws
 * WebhookVerificationError otherwise. Pass the raw body exactly as received (not re-serialized).
 *
 *   const event = await unwrap(rawBody, request.headers, process.env.VISIONAPI_WEBHOOK_SECRET);
 */
export declare function unwrap<T = Record<string, unknown>>(body: string | Uint8Array, headers: WebhookHeaders, secret: string, options?: UnwrapOptions): Promise<WebhookEvent<T>>;
/** A new signing secret: `whsec_` and base64 of 32 random bytes (what `visionapi listen` uses). */
export declare function generateWebhookSecret(): string;
/**
 * The `webhook-signature` of a delivery (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`), as
 * VisionAPI signs it: for forwarding events (`visionapi listen`) and for testing a receiver.
 */
export declare function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string>;
