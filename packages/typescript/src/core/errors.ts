/**
 * Errors. Every failed answer is an `APIError` (or its subclass for the answer's `code`, in
 * ../generated/errors.ts) with the server's `error_message`, stable `code`, `request_id` and
 * `details`; a request that got no answer is an `APIConnectionError`.
 */
import type { ErrorCode } from '../generated/contract.js';

export class VisionAPIError extends Error {
  override readonly name: string = 'VisionAPIError';
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
export class APIError extends VisionAPIError {
  override readonly name: string = 'APIError';
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

  constructor(init: APIErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.details = init.details;
    this.headers = init.headers;
    this.shouldRetry = init.shouldRetry;
    this.attempts = init.attempts;
  }
}

/** No answer: the connection failed or was cut. */
export class APIConnectionError extends VisionAPIError {
  override readonly name: string = 'APIConnectionError';
  readonly attempts: number;
  constructor(message: string, attempts: number, options?: { cause?: unknown }) {
    super(message, options);
    this.attempts = attempts;
  }
}

/** No answer within the call's `timeout`. */
export class APIConnectionTimeoutError extends APIConnectionError {
  override readonly name: string = 'APIConnectionTimeoutError';
}

/** The caller's `signal` aborted the call. */
export class APIUserAbortError extends VisionAPIError {
  override readonly name: string = 'APIUserAbortError';
}

/** An image that cannot be read (missing file, unreadable URL, too large). */
export class ImageInputError extends VisionAPIError {
  override readonly name: string = 'ImageInputError';
}
