/**
 * What the published OpenAPI documents say beyond each route's schema, added to the document
 * @fastify/swagger builds (its `transformObject`): absolute servers, the declared tags, contact
 * and licence, and the response headers the servers send (request id, rate limits, retry hints,
 * replays, spend caps), declared once under `components.headers` and referenced. The documents
 * pass `@redocly/cli lint` (recommended) and Spectral (`spectral:oas`) with no error
 * (tests/server/openapi-lint.test.ts).
 */
import { ERROR_CODES, ERROR_CODE_LIST } from '@contract/errors';

type Json = Record<string, unknown>;

export interface DocumentOptions {
  /** Absolute URL of the server the document describes (no trailing slash). */
  serverUrl: string;
  serverDescription: string;
  /** Tag names in order, with their descriptions. */
  tags: Record<string, string>;
}

const HEADERS = {
  RequestId: {
    description:
      "This request's id (yours when you sent a safe `x-request-id`, else `req_…`); the logs carry it. Quote it to support.",
    schema: { type: 'string', maxLength: 128 },
  },
  RateLimitLimit: {
    description: 'Requests allowed in the current window (for a known API key: that key’s limit).',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitRemaining: {
    description: 'Requests left in the current window.',
    schema: { type: 'integer', minimum: 0 },
  },
  RateLimitReset: {
    description: 'Seconds until the current window ends and the count starts again.',
    schema: { type: 'integer', minimum: 0 },
  },
  RetryAfter: {
    description: 'Seconds to wait before retrying the same request.',
    schema: { type: 'integer', minimum: 1 },
  },
  ShouldRetry: {
    description:
      '`true` when the same request may succeed on a retry (after `Retry-After` when sent), `false` when it cannot: the SDKs retry only `true`.',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
  IdempotentReplayed: {
    description:
      '`true` when this is the stored answer of an earlier request with the same `Idempotency-Key` (not run or charged again).',
    schema: { type: 'string', enum: ['true'] },
  },
  SpendCapLimit: {
    description: "The API key's monthly spend cap, USD (only for a key with a cap).",
    schema: { type: 'number', minimum: 0 },
  },
  SpendCapRemaining: {
    description: 'What the key may still spend this UTC month, USD (only for a key with a cap).',
    schema: { type: 'number', minimum: 0 },
  },
  SpendCapReset: {
    description:
      'Seconds until the UTC month turns and the cap starts again (only for a key with a cap).',
    schema: { type: 'integer', minimum: 1 },
  },
} as const;

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** The headers of one answer, by its status. */
function headersFor(status: number, operation: Json, extra: Record<string, unknown>): Json {
  const headers: Json = { 'x-request-id': ref('RequestId') };
  if (status < 400 || status === 429) {
    headers['x-ratelimit-limit'] = ref('RateLimitLimit');
    headers['x-ratelimit-remaining'] = ref('RateLimitRemaining');
    headers['x-ratelimit-reset'] = ref('RateLimitReset');
  }
  if (status >= 400) headers['x-should-retry'] = ref('ShouldRetry');
  if ([409, 429, 502, 503, 504].includes(status)) headers['retry-after'] = ref('RetryAfter');
  const idempotent = ((operation.parameters as Json[] | undefined) ?? []).some(
    (parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key',
  );
  if (status === 200 && idempotent) headers['idempotent-replayed'] = ref('IdempotentReplayed');
  return { ...headers, ...extra };
}

/** Decorates a document built by @fastify/swagger (mutates and returns it). */
export function decorateDocument(
  document: Json,
  options: DocumentOptions,
  successHeaders?: (path: string) => Record<string, unknown>,
): Json {
  document.servers = [{ url: options.serverUrl, description: options.serverDescription }];
  const info = document.info as Json;
  info.contact = { name: 'VisionAPI support', url: 'https://visionapi.dev/contact-us/' };
  info.license = { name: 'Proprietary', identifier: 'LicenseRef-VisionAPI' };
  document.tags = Object.entries(options.tags).map(([name, description]) => ({
    name,
    description,
  }));
  const components = (document.components ??= {}) as Json;
  // The spend-cap headers belong to the services host's answers only.
  components.headers = successHeaders
    ? HEADERS
    : Object.fromEntries(Object.entries(HEADERS).filter(([name]) => !name.startsWith('SpendCap')));
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, methods] of Object.entries(paths)) {
    for (const operation of Object.values(methods)) {
      const responses = (operation.responses ?? {}) as Record<string, Json>;
      for (const [code, response] of Object.entries(responses)) {
        const status = Number(code);
        response.headers = headersFor(
          status,
          operation,
          status === 200 && successHeaders ? successHeaders(path) : {},
        );
      }
    }
  }
  document['x-error-codes'] = Object.fromEntries(
    ERROR_CODE_LIST.map((code) => [code, ERROR_CODES[code]]),
  );
  return document;
}

export const SPEND_CAP_HEADERS = {
  'x-spend-cap-limit': ref('SpendCapLimit'),
  'x-spend-cap-remaining': ref('SpendCapRemaining'),
  'x-spend-cap-reset': ref('SpendCapReset'),
};
