import { APIError } from './errors.js';
import { type BackoffSettings } from './retry.js';
import type { ResponseMeta } from './types.js';
/** Largest answer read, in bytes: far above any deployment's answer (masks included). */
export declare const MAX_ANSWER_BYTES: number;
export interface HttpSettings extends BackoffSettings {
    fetch: typeof fetch;
    maxRetries: number;
    timeout: number;
    maxRetryAfter: number;
}
export interface HttpRequest {
    method: string;
    url: string;
    headers: Record<string, string>;
    /** Built once; the same bytes on every attempt. */
    body?: string | Uint8Array;
    /** Sent as `Idempotency-Key` on every attempt. */
    idempotencyKey: string | null;
    /** Whether a request that got no answer may be sent again (it may have run). */
    retryWithoutAnswer: boolean;
    produces: 'json' | 'text' | 'binary';
    maxRetries: number;
    timeout: number;
    signal?: AbortSignal;
}
export declare function responseMeta(response: Response, attempts: number, idempotencyKey: string | null): ResponseMeta;
/** An error answer as its typed error. */
export declare function errorFromAnswer(response: Response, text: string, attempts: number): APIError;
/** Sends a request, retrying as ./retry.ts says; resolves with the body and its metadata. */
export declare function send<T>(settings: HttpSettings, request: HttpRequest): Promise<{
    data: T;
    meta: ResponseMeta;
}>;
