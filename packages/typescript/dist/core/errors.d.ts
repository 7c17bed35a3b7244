/**
 * Errors. Every failed answer is an `APIError` (or its subclass for the answer's `code`, in
 * ../generated/errors.ts) with the server's `error_message`, stable `code`, `request_id` and
 * `details`; a request that got no answer is an `APIConnectionError`.
 */
import type { ErrorCode } from '../generated/contract.js';
export declare class VisionAPIError extends Error {
    readonly name: string;
}
export interface APIErrorInit {
    status: number;
    code: ErrorCode | null;
    message: string;
    requestId: string | null;
    details: Record<string, string | number | boolean | null> | null;
    headers: Headers;
    /** What the answer's `x-should-retry` said, when it said it. */
    shouldRetry: boolean | null;
    attempts: number;
}
/** An error answer of either server. */
export declare class APIError extends VisionAPIError {
    readonly name: string;
    readonly status: number;
    /** Stable: branch on it. `null` when the answer had no code (a proxy's page, say). */
    readonly code: ErrorCode | null;
    /** The answer's `x-request-id`: quote it to support. */
    readonly requestId: string | null;
    readonly details: Record<string, string | number | boolean | null> | null;
    readonly headers: Headers;
    readonly shouldRetry: boolean | null;
    /** Attempts made before giving up. */
    readonly attempts: number;
    constructor(init: APIErrorInit);
}
/** No answer: the connection failed or was cut. */
export declare class APIConnectionError extends VisionAPIError {
    readonly name: string;
    readonly attempts: number;
    constructor(message: string, attempts: number, options?: {
        cause?: unknown;
    });
}
/** No answer within the call's `timeout`. */
export declare class APIConnectionTimeoutError extends APIConnectionError {
    readonly name: string;
}
/** The caller's `signal` aborted the call. */
export declare class APIUserAbortError extends VisionAPIError {
    readonly name: string;
}
/** An image that cannot be read (missing file, unreadable URL, too large). */
export declare class ImageInputError extends VisionAPIError {
    readonly name: string;
}
