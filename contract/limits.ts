/**
 * Plain constants of the contract, free of TypeBox, so browser pages can
 * import them without bundling the schema library.
 */

/** Purchase limits in USD (inclusive). */
export const CREDIT_PURCHASE_LIMITS = { minUsd: 5, maxUsd: 10000 } as const;

/** Largest accepted image, in bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** The longest `image_url` the services host fetches (server/src/lib/safe-fetch.ts). */
export const MAX_IMAGE_URL_LENGTH = 2048;
/** The most images one call may carry in `images` (a batch). */
export const MAX_BATCH_IMAGES = 16;
/** Accepted image media types. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Images are processed at most this many pixels on their long side. */
export const MAX_PROCESSING_SIDE = 1024;

/**
 * A USD amount in whole cents, or null when it is not exact to the cent: a purchase amount has at
 * most 2 decimals (10.1, binary 10.0999…, is 1010 cents; 10.123 is refused). The buy-credits form
 * and the server's `POST credits` apply this same rule.
 */
export function usdToCents(usd: number): number | null {
  if (!Number.isFinite(usd)) return null;
  const cents = Math.round(usd * 100);
  return Math.abs(cents - usd * 100) > 1e-6 ? null : cents;
}

/**
 * Header choosing the organization a /v1 call acts on; without it, the caller's last selected
 * one. Here, free of TypeBox, because every signed-in call of the site sends it.
 */
export const ORGANIZATION_HEADER = 'x-organization-id';
