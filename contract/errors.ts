/**
 * Errors a program can act on. Every error answer of both servers is
 * `{ error_message, code, request_id, details? }`: `error_message` is for people (its wording is
 * the product's and may change), `code` is for programs (stable, one of ERROR_CODES), and
 * `request_id` is the one the answer's `x-request-id` header and the servers' logs carry, to quote
 * to support.
 *
 * Each code has one HTTP status and says whether retrying the same request can succeed
 * (`retryable`): the servers send it as `x-should-retry: true|false` on every error answer, and
 * the SDKs retry only those (after `Retry-After` when it is sent). A refusal that waiting cannot
 * fix (a spent cap, a member's limit, an empty wallet) is never a 429.
 *
 * Plain data and one TypeBox schema: the site, the server and the SDK generators read it.
 */
import { Type, type Static } from 'typebox';

export interface ErrorCodeSpec {
  status: number;
  /** Can the same request succeed later without any change (after `Retry-After`)? */
  retryable: boolean;
  description: string;
}

export const ERROR_CODES = {
  // 400
  invalid_request: {
    status: 400,
    retryable: false,
    description:
      'The request is malformed or a field fails validation; the message names the field.',
  },
  invalid_image: {
    status: 400,
    retryable: false,
    description: 'The image is missing, not valid base64, or cannot be decoded.',
  },
  image_url_refused: {
    status: 400,
    retryable: false,
    description:
      'The `image_url` cannot be fetched as given: not an absolute http(s) URL, an address that is not public, too many redirects, larger than 10 MB, or not a JPEG, PNG or WebP image (`details.reason`). Nothing was charged.',
  },
  // 401
  unauthenticated: {
    status: 401,
    retryable: false,
    description:
      'No valid credentials: the ID token or admin key is missing, invalid or expired. Sign in again.',
  },
  token_revoked: {
    status: 401,
    retryable: false,
    description:
      'This operation checks that the sign-in was not revoked, and it was (signed out everywhere, password changed). Sign in again.',
  },
  invalid_api_key: {
    status: 401,
    retryable: false,
    description: 'The `api-key` header is missing, or names no key (deleted, rolled or mistyped).',
  },
  // 402
  insufficient_credits: {
    status: 402,
    retryable: false,
    description:
      'The wallet cannot pay for the call (or is negative after a refund). Buy credits; nothing was charged.',
  },
  // 403
  role_forbidden: {
    status: 403,
    retryable: false,
    description: "The caller's role in the organization may not call this operation.",
  },
  not_key_owner: {
    status: 403,
    retryable: false,
    description:
      'Your role manages only the API keys you created; an owner or admin manages the others.',
  },
  people_only: {
    status: 403,
    retryable: false,
    description:
      'An admin key may not call this operation: it needs a signed-in member (team management, admin keys, a person’s own account).',
  },
  email_not_verified: {
    status: 403,
    retryable: false,
    description: 'This operation needs a verified e-mail address.',
  },
  key_restricted: {
    status: 403,
    retryable: false,
    description:
      "The call is outside the API key's limits: disabled, expired, another deployment or a browser origin not on its list. Nothing was charged.",
  },
  key_paused: {
    status: 403,
    retryable: false,
    description:
      'The leak circuit-breaker paused the key after a spend spike. Enable it again on the API keys page; nothing was charged.',
  },
  key_cap_reached: {
    status: 403,
    retryable: false,
    description:
      'The call would take the API key past its monthly spend cap. Raise the cap or wait until the UTC month turns (`details.resets_at`); nothing was charged.',
  },
  member_limit_reached: {
    status: 403,
    retryable: false,
    description:
      "The call would take the key creator's monthly spend limit past its figure. An owner or admin may raise it; nothing was charged.",
  },
  forbidden: {
    status: 403,
    retryable: false,
    description: 'The caller may not do this (the message says why).',
  },
  // 404
  not_found: {
    status: 404,
    retryable: false,
    description: 'No such route, or no such resource in this organization.',
  },
  organization_not_found: {
    status: 404,
    retryable: false,
    description:
      'No organization to act on: none registered yet, or the caller is not a member of the one named by `x-organization-id`.',
  },
  unknown_deployment: {
    status: 404,
    retryable: false,
    description: 'No public deployment at this path (or it is coming soon).',
  },
  // 409
  conflict: {
    status: 409,
    retryable: false,
    description:
      'The request conflicts with the current state (the message says which); retrying it unchanged will not help.',
  },
  idempotency_in_progress: {
    status: 409,
    retryable: true,
    description:
      'A request with this `Idempotency-Key` is still running. Retry after `Retry-After`: you get its answer.',
  },
  idempotency_superseded: {
    status: 409,
    retryable: true,
    description:
      'A retry with this `Idempotency-Key` took the request over while it ran; this attempt was not charged. Retry to get the answer kept.',
  },
  job_finished: {
    status: 409,
    retryable: false,
    description:
      'The job has finished already (`details.status`: succeeded, failed or canceled): it can no longer be canceled.',
  },
  // 410
  job_expired: {
    status: 410,
    retryable: false,
    description:
      "The job's result was deleted: results are kept 24 hours after the job finished (`details.status`, `details.expired_at`).",
  },
  gone: {
    status: 410,
    retryable: false,
    description: 'The resource existed but is no longer usable (an expired or used invitation).',
  },
  answer_not_kept: {
    status: 410,
    retryable: false,
    description:
      'A retry with this `Idempotency-Key` matched a call whose answer was not kept: test and demo keys keep answers only up to a size (`details.kept_up_to_bytes`). Test calls are free: send the call again with a new key.',
  },
  // 413, 414, 415
  payload_too_large: {
    status: 413,
    retryable: false,
    description: 'The body (or the image in it) is larger than the operation accepts.',
  },
  pixel_limit_exceeded: {
    status: 413,
    retryable: false,
    description:
      'The image declares more pixels than this key may have decoded (`details.max_pixels`; test and demo keys have a lower limit). Nothing was charged.',
  },
  uri_too_long: {
    status: 414,
    retryable: false,
    description: 'The URL is longer than the servers accept.',
  },
  unsupported_media_type: {
    status: 415,
    retryable: false,
    description: 'The body or image has a media type the operation does not accept.',
  },
  // 422
  idempotency_key_reused: {
    status: 422,
    retryable: false,
    description: 'This `Idempotency-Key` was used for a different request. Use a new key.',
  },
  image_url_unreachable: {
    status: 422,
    retryable: true,
    description:
      "The `image_url`'s server did not answer with the image (unreachable, an error status, or too slow: `details.reason`). Nothing was charged; retry when it answers.",
  },
  // 429
  rate_limited: {
    status: 429,
    retryable: true,
    description:
      'Too many requests in the current window. Retry after `Retry-After`; `x-ratelimit-*` headers say the limit.',
  },
  job_queue_full: {
    status: 429,
    retryable: true,
    description:
      'The organization has as many queued async jobs as it may have at once (`details.queued_cap`). Retry after `Retry-After`, when some have started; nothing was charged.',
  },
  // 5xx
  internal_error: {
    status: 500,
    retryable: true,
    description: 'An unexpected fault. Retry later, and quote the request id if it persists.',
  },
  upstream_failed: {
    status: 502,
    retryable: true,
    description:
      'The inference deployment failed, could not be reached or sent an invalid answer. Nothing was charged.',
  },
  payment_provider_unavailable: {
    status: 502,
    retryable: true,
    description: 'The payment provider could not be reached; nothing was charged. Retry later.',
  },
  delivery_failed: {
    status: 502,
    retryable: true,
    description: 'The change was saved but its e-mail could not be sent; send it again later.',
  },
  service_unavailable: {
    status: 503,
    retryable: true,
    description:
      'Temporarily unable to serve (the database connection was lost, every worker is busy). Retry after `Retry-After`; nothing was charged.',
  },
  upstream_busy: {
    status: 503,
    retryable: true,
    description:
      'The inference deployment is busy or paused after repeated failures. Retry after `Retry-After`; nothing was charged.',
  },
  upstream_timeout: {
    status: 504,
    retryable: true,
    description:
      'The inference deployment did not answer in time. Retry after `Retry-After`; nothing was charged.',
  },
} as const satisfies Record<string, ErrorCodeSpec>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

/** The status an error code is answered with. */
export const statusOf = (code: ErrorCode): number => ERROR_CODES[code].status;

/** The codes answered with a status, in the catalogue's order. */
export function codesWithStatus(status: number): ErrorCode[] {
  return ERROR_CODE_LIST.filter((code) => ERROR_CODES[code].status === status);
}

/** Every error answer of both servers. */
export const ErrorResponse = Type.Object(
  {
    error_message: Type.String({
      description:
        'What went wrong, for people. Its wording may change: branch on `code`, not on this.',
      examples: ['The ID token is missing or invalid. Sign in again.'],
    }),
    code: Type.Unsafe<ErrorCode>({
      type: 'string',
      enum: ERROR_CODE_LIST,
      description: 'What went wrong, for programs: a stable code (see the errors reference).',
    }),
    request_id: Type.String({
      description:
        "This request's id, also in the `x-request-id` header and the servers' logs: quote it to support.",
      examples: ['req_7Hq2mZp4sWc9TnLd3Vb8'],
    }),
    details: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
        {
          description:
            'Facts of the error a program may use (figures of a cap, when it resets, the field at fault).',
        },
      ),
    ),
  },
  { title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;

/** The request-id header of every answer (and accepted on requests, 1–128 safe characters). */
export const REQUEST_ID_HEADER = 'x-request-id';
/** `true` or `false` on every error answer: may the same request succeed on a retry? */
export const SHOULD_RETRY_HEADER = 'x-should-retry';
