/**
 * The errors business code throws: a stable code from the contract (contract/errors.ts), a
 * message safe to show the caller, and the facts a program may act on. Nothing here knows HTTP:
 * one handler (plugins/http.ts) turns an ApiError into its status (the code's), the body
 * `{ error_message, code, request_id, details }`, `x-should-retry` and any header it carries
 * (`Retry-After`).
 */
import { ERROR_CODES, type ErrorCode } from '@contract/errors';

export type ErrorDetails = Record<string, string | number | boolean | null>;

export interface ApiErrorOptions {
  details?: ErrorDetails;
  /** Seconds until the same request may succeed (sent as `Retry-After`). */
  retryAfterSeconds?: number;
}

export class ApiError extends Error {
  /** The code's status, for the one handler that answers it. */
  readonly statusCode: number;
  readonly details?: ErrorDetails;
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = ERROR_CODES[code].status;
    this.details = options.details;
    this.retryAfterSeconds =
      options.retryAfterSeconds === undefined
        ? undefined
        : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }
}

export const invalidRequest = (message: string, details?: ErrorDetails) =>
  new ApiError('invalid_request', message, { details });
export const notFound = (message: string) => new ApiError('not_found', message);
export const conflict = (message: string) => new ApiError('conflict', message);
export const unauthenticated = (message: string) => new ApiError('unauthenticated', message);
export const forbidden = (message: string) => new ApiError('forbidden', message);
export const gone = (message: string) => new ApiError('gone', message);

export const NO_ORGANIZATION_MESSAGE =
  'No organization is registered for this account yet. Register your organization first.';

/** Which code a status answered by a worker or an upstream (no code of its own) stands for. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
    case 422:
      return 'invalid_image';
    case 413:
      return 'payload_too_large';
    case 415:
      return 'unsupported_media_type';
    case 503:
      return 'service_unavailable';
    case 504:
      return 'upstream_timeout';
    case 502:
      return 'upstream_failed';
    default:
      return status >= 500 ? 'internal_error' : 'invalid_request';
  }
}
