/**
 * GENERATED from the contract by scripts/generate-sdk.ts (npm run generate:sdk). Do not edit by hand.
 *
 * One error class per `code` of the error catalogue (contract/errors.ts): catch
 * `KeyCapReachedError`, or any `APIError` and branch on `error.code`.
 */
import { APIError } from '../core/errors.js';
import type { ErrorCode } from './contract.js';
/** 400 `invalid_request`: The request is malformed or a field fails validation; the message names the field. */
export declare class InvalidRequestError extends APIError {
    readonly code: 'invalid_request';
    readonly name: string;
}
/** 400 `invalid_image`: The image is missing, not valid base64, or cannot be decoded. */
export declare class InvalidImageError extends APIError {
    readonly code: 'invalid_image';
    readonly name: string;
}
/** 400 `image_url_refused`: The `image_url` cannot be fetched as given: not an absolute http(s) URL, an address that is not public, too many redirects, larger than 10 MB, or not a JPEG, PNG or WebP image (`details.reason`). Nothing was charged. */
export declare class ImageUrlRefusedError extends APIError {
    readonly code: 'image_url_refused';
    readonly name: string;
}
/** 401 `unauthenticated`: No valid credentials: the ID token or admin key is missing, invalid or expired. Sign in again. */
export declare class UnauthenticatedError extends APIError {
    readonly code: 'unauthenticated';
    readonly name: string;
}
/** 401 `token_revoked`: This operation checks that the sign-in was not revoked, and it was (signed out everywhere, password changed). Sign in again. */
export declare class TokenRevokedError extends APIError {
    readonly code: 'token_revoked';
    readonly name: string;
}
/** 401 `invalid_api_key`: The `api-key` header is missing, or names no key (deleted, rolled or mistyped). */
export declare class InvalidApiKeyError extends APIError {
    readonly code: 'invalid_api_key';
    readonly name: string;
}
/** 402 `insufficient_credits`: The wallet cannot pay for the call (or is negative after a refund). Buy credits; nothing was charged. */
export declare class InsufficientCreditsError extends APIError {
    readonly code: 'insufficient_credits';
    readonly name: string;
}
/** 403 `role_forbidden`: The caller's role in the organization may not call this operation. */
export declare class RoleForbiddenError extends APIError {
    readonly code: 'role_forbidden';
    readonly name: string;
}
/** 403 `not_key_owner`: Your role manages only the API keys you created; an owner or admin manages the others. */
export declare class NotKeyOwnerError extends APIError {
    readonly code: 'not_key_owner';
    readonly name: string;
}
/** 403 `people_only`: An admin key may not call this operation: it needs a signed-in member (team management, admin keys, a person’s own account). */
export declare class PeopleOnlyError extends APIError {
    readonly code: 'people_only';
    readonly name: string;
}
/** 403 `email_not_verified`: This operation needs a verified e-mail address. */
export declare class EmailNotVerifiedError extends APIError {
    readonly code: 'email_not_verified';
    readonly name: string;
}
/** 403 `key_restricted`: The call is outside the API key's limits: disabled, expired, another deployment or a browser origin not on its list. Nothing was charged. */
export declare class KeyRestrictedError extends APIError {
    readonly code: 'key_restricted';
    readonly name: string;
}
/** 403 `key_paused`: The leak circuit-breaker paused the key after a spend spike. Enable it again on the API keys page; nothing was charged. */
export declare class KeyPausedError extends APIError {
    readonly code: 'key_paused';
    readonly name: string;
}
/** 403 `key_cap_reached`: The call would take the API key past its monthly spend cap. Raise the cap or wait until the UTC month turns (`details.resets_at`); nothing was charged. */
export declare class KeyCapReachedError extends APIError {
    readonly code: 'key_cap_reached';
    readonly name: string;
}
/** 403 `member_limit_reached`: The call would take the key creator's monthly spend limit past its figure. An owner or admin may raise it; nothing was charged. */
export declare class MemberLimitReachedError extends APIError {
    readonly code: 'member_limit_reached';
    readonly name: string;
}
/** 403 `forbidden`: The caller may not do this (the message says why). */
export declare class ForbiddenError extends APIError {
    readonly code: 'forbidden';
    readonly name: string;
}
/** 404 `not_found`: No such route, or no such resource in this organization. */
export declare class NotFoundError extends APIError {
    readonly code: 'not_found';
    readonly name: string;
}
/** 404 `organization_not_found`: No organization to act on: none registered yet, or the caller is not a member of the one named by `x-organization-id`. */
export declare class OrganizationNotFoundError extends APIError {
    readonly code: 'organization_not_found';
    readonly name: string;
}
/** 404 `unknown_deployment`: No public deployment at this path (or it is coming soon). */
export declare class UnknownDeploymentError extends APIError {
    readonly code: 'unknown_deployment';
    readonly name: string;
}
/** 409 `conflict`: The request conflicts with the current state (the message says which); retrying it unchanged will not help. */
export declare class ConflictError extends APIError {
    readonly code: 'conflict';
    readonly name: string;
}
/** 409 `idempotency_in_progress`: A request with this `Idempotency-Key` is still running. Retry after `Retry-After`: you get its answer. */
export declare class IdempotencyInProgressError extends APIError {
    readonly code: 'idempotency_in_progress';
    readonly name: string;
}
/** 409 `idempotency_superseded`: A retry with this `Idempotency-Key` took the request over while it ran; this attempt was not charged. Retry to get the answer kept. */
export declare class IdempotencySupersededError extends APIError {
    readonly code: 'idempotency_superseded';
    readonly name: string;
}
/** 409 `job_finished`: The job has finished already (`details.status`: succeeded, failed or canceled): it can no longer be canceled. */
export declare class JobFinishedError extends APIError {
    readonly code: 'job_finished';
    readonly name: string;
}
/** 410 `job_expired`: The job's result was deleted: results are kept 24 hours after the job finished (`details.status`, `details.expired_at`). */
export declare class JobExpiredError extends APIError {
    readonly code: 'job_expired';
    readonly name: string;
}
/** 410 `gone`: The resource existed but is no longer usable (an expired or used invitation). */
export declare class GoneError extends APIError {
    readonly code: 'gone';
    readonly name: string;
}
/** 410 `answer_not_kept`: A retry with this `Idempotency-Key` matched a call whose answer was not kept: test and demo keys keep answers only up to a size (`details.kept_up_to_bytes`). Test calls are free: send the call again with a new key. */
export declare class AnswerNotKeptError extends APIError {
    readonly code: 'answer_not_kept';
    readonly name: string;
}
/** 413 `payload_too_large`: The body (or the image in it) is larger than the operation accepts. */
export declare class PayloadTooLargeError extends APIError {
    readonly code: 'payload_too_large';
    readonly name: string;
}
/** 413 `pixel_limit_exceeded`: The image declares more pixels than this key may have decoded (`details.max_pixels`; test and demo keys have a lower limit). Nothing was charged. */
export declare class PixelLimitExceededError extends APIError {
    readonly code: 'pixel_limit_exceeded';
    readonly name: string;
}
/** 414 `uri_too_long`: The URL is longer than the servers accept. */
export declare class UriTooLongError extends APIError {
    readonly code: 'uri_too_long';
    readonly name: string;
}
/** 415 `unsupported_media_type`: The body or image has a media type the operation does not accept. */
export declare class UnsupportedMediaTypeError extends APIError {
    readonly code: 'unsupported_media_type';
    readonly name: string;
}
/** 422 `idempotency_key_reused`: This `Idempotency-Key` was used for a different request. Use a new key. */
export declare class IdempotencyKeyReusedError extends APIError {
    readonly code: 'idempotency_key_reused';
    readonly name: string;
}
/** 422 `image_url_unreachable`: The `image_url`'s server did not answer with the image (unreachable, an error status, or too slow: `details.reason`). Nothing was charged; retry when it answers. */
export declare class ImageUrlUnreachableError extends APIError {
    readonly code: 'image_url_unreachable';
    readonly name: string;
}
/** 429 `rate_limited`: Too many requests in the current window. Retry after `Retry-After`; `x-ratelimit-*` headers say the limit. */
export declare class RateLimitedError extends APIError {
    readonly code: 'rate_limited';
    readonly name: string;
}
/** 429 `job_queue_full`: The organization has as many queued async jobs as it may have at once (`details.queued_cap`). Retry after `Retry-After`, when some have started; nothing was charged. */
export declare class JobQueueFullError extends APIError {
    readonly code: 'job_queue_full';
    readonly name: string;
}
/** 500 `internal_error`: An unexpected fault. Retry later, and quote the request id if it persists. */
export declare class InternalError extends APIError {
    readonly code: 'internal_error';
    readonly name: string;
}
/** 502 `upstream_failed`: The inference deployment failed, could not be reached or sent an invalid answer. Nothing was charged. */
export declare class UpstreamFailedError extends APIError {
    readonly code: 'upstream_failed';
    readonly name: string;
}
/** 502 `payment_provider_unavailable`: The payment provider could not be reached; nothing was charged. Retry later. */
export declare class PaymentProviderUnavailableError extends APIError {
    readonly code: 'payment_provider_unavailable';
    readonly name: string;
}
/** 502 `delivery_failed`: The change was saved but its e-mail could not be sent; send it again later. */
export declare class DeliveryFailedError extends APIError {
    readonly code: 'delivery_failed';
    readonly name: string;
}
/** 503 `service_unavailable`: Temporarily unable to serve (the database connection was lost, every worker is busy). Retry after `Retry-After`; nothing was charged. */
export declare class ServiceUnavailableError extends APIError {
    readonly code: 'service_unavailable';
    readonly name: string;
}
/** 503 `upstream_busy`: The inference deployment is busy or paused after repeated failures. Retry after `Retry-After`; nothing was charged. */
export declare class UpstreamBusyError extends APIError {
    readonly code: 'upstream_busy';
    readonly name: string;
}
/** 504 `upstream_timeout`: The inference deployment did not answer in time. Retry after `Retry-After`; nothing was charged. */
export declare class UpstreamTimeoutError extends APIError {
    readonly code: 'upstream_timeout';
    readonly name: string;
}
/** The class of each code. */
export declare const ERROR_CLASSES: {
    readonly [C in ErrorCode]: typeof APIError;
};
