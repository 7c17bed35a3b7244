/** The options of the client and of one call. */

/**
 * An image: a file path (Node), an `http(s):` URL (string or `URL`), a `data:` URL, bytes
 * (`Uint8Array`, `Buffer`, `ArrayBuffer`) or a `Blob`/`File`.
 */
/**
 * An image: a path, a URL (downloaded by the SDK), bytes or a Blob — or `{ imageUrl }`, a public
 * URL the services host fetches itself (`image_url`: nothing is uploaded, nothing charged when
 * its fetch fails).
 */
export type ImageInput = string | URL | Uint8Array | ArrayBuffer | Blob | { imageUrl: string };

export interface ClientOptions {
  /** The services host's key (`va_live_…` or `va_test_…`). Default: `VISIONAPI_API_KEY`. */
  apiKey?: string;
  /**
   * An admin key (`va_admin_…`) for the account API. Default: `VISIONAPI_ADMIN_KEY`. An ID
   * token (`idToken`) is used instead when both are given.
   */
  adminKey?: string;
  /** A signed-in person's ID token, or a function that returns a fresh one. */
  idToken?: string | (() => string | Promise<string>);
  /** The organization account calls act on (`x-organization-id`). Default: `VISIONAPI_ORGANIZATION_ID`. */
  organizationId?: string;
  /** Default: `VISIONAPI_SERVICES_URL`, else `https://services.visionapi.dev`. */
  servicesUrl?: string;
  /** The account API's origin (a trailing `/v1` is accepted). Default: `VISIONAPI_API_URL`, else `https://api.visionapi.dev`. */
  apiUrl?: string;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Milliseconds one attempt may take (default 60 000). */
  timeout?: number;
  /** First backoff delay in milliseconds (default 500); doubles each retry, up to `maxRetryDelay`. */
  initialRetryDelay?: number;
  /** Longest backoff delay in milliseconds (default 8 000). */
  maxRetryDelay?: number;
  /**
   * Longest `Retry-After` the client waits, in seconds (default 60). A longer one is not waited
   * for: the error is thrown at once.
   */
  maxRetryAfter?: number;
  /** Resize images larger than 1024 px on their long side before sending (default true). */
  resize?: boolean;
  /** Headers sent with every request. */
  defaultHeaders?: Record<string, string>;
  /** A `fetch` to use instead of the global one. */
  fetch?: typeof fetch;
}

export interface CallOptions {
  /** Sent as `Idempotency-Key` (metered calls and idempotent operations); default: a new UUID per call. */
  idempotencyKey?: string;
  /** The organization this call acts on (`x-organization-id`). */
  organizationId?: string;
  timeout?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  /** Resize this image (deployments only). */
  resize?: boolean;
  /**
   * Deployments only: send `Prefer: respond-async` and get a job (202) at once instead of the
   * answer; `job.wait()` polls it until it has finished.
   */
  async?: boolean;
  headers?: Record<string, string>;
}

/** What an answer says besides its body (`.withMeta()`). */
export interface ResponseMeta {
  status: number;
  headers: Headers;
  /** `x-request-id`: quote it to support. */
  requestId: string | null;
  /** Attempts made (1 without a retry). */
  attempts: number;
  /** The `Idempotency-Key` sent (the same on every attempt), or null. */
  idempotencyKey: string | null;
  /** True when this is the stored answer of an earlier attempt (`Idempotent-Replayed`), not charged again. */
  replayed: boolean;
  rateLimit: { limit: number; remaining: number; resetSeconds: number } | null;
  /** For a key with a monthly spend cap. */
  spendCap: { limitUsd: number; remainingUsd: number; resetSeconds: number } | null;
}
