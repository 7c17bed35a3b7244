/**
 * The official TypeScript/JavaScript SDK of VisionAPI: every public deployment of the services
 * host and every operation of the account API, typed from the contract, with retries, automatic
 * idempotency keys, client-side resizing and typed errors. See README.md.
 */
export {
  VisionAPI,
  VisionAPI as default,
  PRODUCTION_API_URL,
  PRODUCTION_SERVICES_URL,
  DEFAULT_MAX_RETRIES,
  DEFAULT_TIMEOUT_MS,
  SDK_VERSION,
  type PageItem,
} from './core/client.js';
export { APIPromise } from './core/api-promise.js';
export {
  Job,
  TERMINAL_JOB_STATUSES,
  type JobData,
  type JobStatus,
  type WaitOptions,
} from './core/jobs.js';
export {
  MAX_BATCH_IMAGES,
  isBatchSuccess,
  type BatchItem,
  type BatchItemFailure,
  type BatchItemSuccess,
  type BatchResult,
} from './core/batch.js';
export {
  VisionAPIError,
  APIError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ImageInputError,
  type APIErrorInit,
} from './core/errors.js';
export { isRetryableAnswer, retryAfterMs, backoffMs } from './core/retry.js';
export { MAX_INPUT_BYTES } from './core/image.js';
export type { CallOptions, ClientOptions, ImageInput, ResponseMeta } from './core/types.js';
export * from './generated/errors.js';
export * from './generated/contract.js';
export { AccountResource } from './generated/resources.js';
export {
  EventsResource,
  EVENT_TYPES,
  SseParser,
  type EventStreamOptions,
  type EventType,
  type StreamedEvent,
} from './core/events.js';
export {
  unwrap,
  signWebhook,
  generateWebhookSecret,
  WebhookVerificationError,
  WEBHOOK_TOLERANCE_SECONDS,
  type UnwrapOptions,
  type WebhookEvent,
  type WebhookHeaders,
} from './core/webhooks.js';
