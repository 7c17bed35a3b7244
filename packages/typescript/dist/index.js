/**
 * The official TypeScript/JavaScript SDK of VisionAPI: every public deployment of the services
 * host and every operation of the account API, typed from the contract, with retries, automatic
 * idempotency keys, client-side resizing and typed errors. See README.md.
 */
export { VisionAPI, VisionAPI as default, PRODUCTION_API_URL, PRODUCTION_SERVICES_URL, DEFAULT_MAX_RETRIES, DEFAULT_TIMEOUT_MS, SDK_VERSION, } from './core/client.js';
export { APIPromise } from './core/api-promise.js';
export { Job, TERMINAL_JOB_STATUSES, } from './core/jobs.js';
export { MAX_BATCH_IMAGES, isBatchSuccess, } from './core/batch.js';
export { VisionAPIError, APIError, APIConnectionError, APIConnectionTimeoutError, APIUserAbortError, ImageInputError, } from './core/errors.js';
export { isRetryableAnswer, retryAfterMs, backoffMs } from './core/retry.js';
export { MAX_INPUT_BYTES } from './core/image.js';
export * from './generated/errors.js';
export * from './generated/contract.js';
export { AccountResource } from './generated/resources.js';
export { EventsResource, EVENT_TYPES, SseParser, } from './core/events.js';
export { unwrap, signWebhook, generateWebhookSecret, WebhookVerificationError, WEBHOOK_TOLERANCE_SECONDS, } from './core/webhooks.js';
