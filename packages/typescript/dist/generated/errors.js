/**
 * GENERATED from the contract by scripts/generate-sdk.ts (npm run generate:sdk). Do not edit by hand.
 *
 * One error class per `code` of the error catalogue (contract/errors.ts): catch
 * `KeyCapReachedError`, or any `APIError` and branch on `error.code`.
 */
import { APIError } from '../core/errors.js';
/** 400 `invalid_request`: The request is malformed or a field fails validation; the message names the field. */
export class InvalidRequestError extends APIError {
    name = 'InvalidRequestError';
}
/** 400 `invalid_image`: The image is missing, not valid base64, or cannot be decoded. */
export class InvalidImageError extends APIError {
    name = 'InvalidImageError';
}
/** 400 `image_url_refused`: The `image_url` cannot be fetched as given: not an absolute http(s) URL, an address that is not public, too many redirects, larger than 10 MB, or not a JPEG, PNG or WebP image (`details.reason`). Nothing was charged. */
export class ImageUrlRefusedError extends APIError {
    name = 'ImageUrlRefusedError';
}
/** 401 `unauthenticated`: No valid credentials: the ID token or admin key is missing, invalid or expired. Sign in again. */
export class UnauthenticatedError extends APIError {
    name = 'UnauthenticatedError';
}
/** 401 `token_revoked`: This operation checks that the sign-in was not revoked, and it was (signed out everywhere, password changed). Sign in again. */
export class TokenRevokedError extends APIError {
    name = 'TokenRevokedError';
}
/** 401 `invalid_api_key`: The `api-key` header is missing, or names no key (deleted, rolled or mistyped). */
export class InvalidApiKeyError extends APIError {
    name = 'InvalidApiKeyError';
}
/** 402 `insufficient_credits`: The wallet cannot pay for the call (or is negative after a refund). Buy credits; nothing was charged. */
export class InsufficientCreditsError extends APIError {
    name = 'InsufficientCreditsError';
}
/** 403 `role_forbidden`: The caller's role in the organization may not call this operation. */
export class RoleForbiddenError extends APIError {
    name = 'RoleForbiddenError';
}
/** 403 `not_key_owner`: Your role manages only the API keys you created; an owner or admin manages the others. */
export class NotKeyOwnerError extends APIError {
    name = 'NotKeyOwnerError';
}
/** 403 `people_only`: An admin key may not call this operation: it needs a signed-in member (team management, admin keys, a person’s own account). */
export class PeopleOnlyError extends APIError {
    name = 'PeopleOnlyError';
}
/** 403 `email_not_verified`: This operation needs a verified e-mail address. */
export class EmailNotVerifiedError extends APIError {
    name = 'EmailNotVerifiedError';
}
/** 403 `key_restricted`: The call is outside the API key's limits: disabled, expired, another deployment or a browser origin not on its list. Nothing was charged. */
export class KeyRestrictedError extends APIError {
    name = 'KeyRestrictedError';
}
/** 403 `key_paused`: The leak circuit-breaker paused the key after a spend spike. Enable it again on the API keys page; nothing was charged. */
export class KeyPausedError extends APIError {
    name = 'KeyPausedError';
}
/** 403 `key_cap_reached`: The call would take the API key past its monthly spend cap. Raise the cap or wait until the UTC month turns (`details.resets_at`); nothing was charged. */
export class KeyCapReachedError extends APIError {
    name = 'KeyCapReachedError';
}
/** 403 `member_limit_reached`: The call would take the key creator's monthly spend limit past its figure. An owner or admin may raise it; nothing was charged. */
export class MemberLimitReachedError extends APIError {
    name = 'MemberLimitReachedError';
}
/** 403 `forbidden`: The caller may not do this (the message says why). */
export class ForbiddenError extends APIError {
    name = 'ForbiddenError';
}
/** 404 `not_found`: No such route, or no such resource in this organization. */
export class NotFoundError extends APIError {
    name = 'NotFoundError';
}
/** 404 `organization_not_found`: No organization to act on: none registered yet, or the caller is not a member of the one named by `x-organization-id`. */
export class OrganizationNotFoundError extends APIError {
    name = 'OrganizationNotFoundError';
}
/** 404 `unknown_deployment`: No public deployment at this path (or it is coming soon). */
export class UnknownDeploymentError extends APIError {
    name = 'UnknownDeploymentError';
}
/** 409 `conflict`: The request conflicts with the current state (the message says which); retrying it unchanged will not help. */
export class ConflictError extends APIError {
    name = 'ConflictError';
}
/** 409 `idempotency_in_progress`: A request with this `Idempotency-Key` is still running. Retry after `Retry-After`: you get its answer. */
export class IdempotencyInProgressError extends APIError {
    name = 'IdempotencyInProgressError';
}
/** 409 `idempotency_superseded`: A retry with this `Idempotency-Key` took the request over while it ran; this attempt was not charged. Retry to get the answer kept. */
export class IdempotencySupersededError extends APIError {
    name = 'IdempotencySupersededError';
}
/** 409 `job_finished`: The job has finished already (`details.status`: succeeded, failed or canceled): it can no longer be canceled. */
export class JobFinishedError extends APIError {
    name = 'JobFinishedError';
}
/** 410 `job_expired`: The job's result was deleted: results are kept 24 hours after the job finished (`details.status`, `details.expired_at`). */
export class JobExpiredError extends APIError {
    name = 'JobExpiredError';
}
/** 410 `gone`: The resource existed but is no longer usable (an expired or used invitation). */
export class GoneError extends APIError {
    name = 'GoneError';
}
/** 410 `answer_not_kept`: A retry with this `Idempotency-Key` matched a call whose answer was not kept: test and demo keys keep answers only up to a size (`details.kept_up_to_bytes`). Test calls are free: send the call again with a new key. */
export class AnswerNotKeptError extends APIError {
    name = 'AnswerNotKeptError';
}
/** 413 `payload_too_large`: The body (or the image in it) is larger than the operation accepts. */
export class PayloadTooLargeError extends APIError {
    name = 'PayloadTooLargeError';
}
/** 413 `pixel_limit_exceeded`: The image declares more pixels than this key may have decoded (`details.max_pixels`; test and demo keys have a lower limit). Nothing was charged. */
export class PixelLimitExceededError extends APIError {
    name = 'PixelLimitExceededError';
}
/** 414 `uri_too_long`: The URL is longer than the servers accept. */
export class UriTooLongError extends APIError {
    name = 'UriTooLongError';
}
/** 415 `unsupported_media_type`: The body or image has a media type the operation does not accept. */
export class UnsupportedMediaTypeError extends APIError {
    name = 'UnsupportedMediaTypeError';
}
/** 422 `idempotency_key_reused`: This `Idempotency-Key` was used for a different request. Use a new key. */
export class IdempotencyKeyReusedError extends APIError {
    name = 'IdempotencyKeyReusedError';
}
/** 422 `image_url_unreachable`: The `image_url`'s server did not answer with the image (unreachable, an error status, or too slow: `details.reason`). Nothing was charged; retry when it answers. */
export class ImageUrlUnreachableError extends APIError {
    name = 'ImageUrlUnreachableError';
}
/** 429 `rate_limited`: Too many requests in the current window. Retry after `Retry-After`; `x-ratelimit-*` headers say the limit. */
export class RateLimitedError extends APIError {
    name = 'RateLimitedError';
}
/** 429 `job_queue_full`: The organization has as many queued async jobs as it may have at once (`details.queued_cap`). Retry after `Retry-After`, when some have started; nothing was charged. */
export class JobQueueFullError extends APIError {
    name = 'JobQueueFullError';
}
/** 500 `internal_error`: An unexpected fault. Retry later, and quote the request id if it persists. */
export class InternalError extends APIError {
    name = 'InternalError';
}
/** 502 `upstream_failed`: The inference deployment failed, could not be reached or sent an invalid answer. Nothing was charged. */
export class UpstreamFailedError extends APIError {
    name = 'UpstreamFailedError';
}
/** 502 `payment_provider_unavailable`: The payment provider could not be reached; nothing was charged. Retry later. */
export class PaymentProviderUnavailableError extends APIError {
    name = 'PaymentProviderUnavailableError';
}
/** 502 `delivery_failed`: The change was saved but its e-mail could not be sent; send it again later. */
export class DeliveryFailedError extends APIError {
    name = 'DeliveryFailedError';
}
/** 503 `service_unavailable`: Temporarily unable to serve (the database connection was lost, every worker is busy). Retry after `Retry-After`; nothing was charged. */
export class ServiceUnavailableError extends APIError {
    name = 'ServiceUnavailableError';
}
/** 503 `upstream_busy`: The inference deployment is busy or paused after repeated failures. Retry after `Retry-After`; nothing was charged. */
export class UpstreamBusyError extends APIError {
    name = 'UpstreamBusyError';
}
/** 504 `upstream_timeout`: The inference deployment did not answer in time. Retry after `Retry-After`; nothing was charged. */
export class UpstreamTimeoutError extends APIError {
    name = 'UpstreamTimeoutError';
}
/** The class of each code. */
export const ERROR_CLASSES = {
    invalid_request: InvalidRequestError,
    invalid_image: InvalidImageError,
    image_url_refused: ImageUrlRefusedError,
    unauthenticated: UnauthenticatedError,
    token_revoked: TokenRevokedError,
    invalid_api_key: InvalidApiKeyError,
    insufficient_credits: InsufficientCreditsError,
    role_forbidden: RoleForbiddenError,
    not_key_owner: NotKeyOwnerError,
    people_only: PeopleOnlyError,
    email_not_verified: EmailNotVerifiedError,
    key_restricted: KeyRestrictedError,
    key_paused: KeyPausedError,
    key_cap_reached: KeyCapReachedError,
    member_limit_reached: MemberLimitReachedError,
    forbidden: ForbiddenError,
    not_found: NotFoundError,
    organization_not_found: OrganizationNotFoundError,
    unknown_deployment: UnknownDeploymentError,
    conflict: ConflictError,
    idempotency_in_progress: IdempotencyInProgressError,
    idempotency_superseded: IdempotencySupersededError,
    job_finished: JobFinishedError,
    job_expired: JobExpiredError,
    gone: GoneError,
    answer_not_kept: AnswerNotKeptError,
    payload_too_large: PayloadTooLargeError,
    pixel_limit_exceeded: PixelLimitExceededError,
    uri_too_long: UriTooLongError,
    unsupported_media_type: UnsupportedMediaTypeError,
    idempotency_key_reused: IdempotencyKeyReusedError,
    image_url_unreachable: ImageUrlUnreachableError,
    rate_limited: RateLimitedError,
    job_queue_full: JobQueueFullError,
    internal_error: InternalError,
    upstream_failed: UpstreamFailedError,
    payment_provider_unavailable: PaymentProviderUnavailableError,
    delivery_failed: DeliveryFailedError,
    service_unavailable: ServiceUnavailableError,
    upstream_busy: UpstreamBusyError,
    upstream_timeout: UpstreamTimeoutError,
};
