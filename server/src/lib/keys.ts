import { randomBytes } from 'node:crypto';

/** Recognisable prefix of every API key secret. */
export const API_KEY_PREFIX = 'vapi_';

/** 192 random bits from the CSPRNG, base64url: `vapi_` + 32 characters. */
export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(24).toString('base64url');
}

/** Short opaque identifiers for orders and receipts, e.g. `ord_…`. */
export function generateId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url')}`;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);
