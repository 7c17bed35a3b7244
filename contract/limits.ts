/**
 * Plain constants of the contract, free of TypeBox, so browser pages can
 * import them without bundling the schema library.
 */

/** Purchase limits in USD (inclusive). */
export const CREDIT_PURCHASE_LIMITS = { minUsd: 5, maxUsd: 10000 } as const;

/** Largest accepted image, in bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Accepted image media types. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Images are processed at most this many pixels on their long side. */
export const MAX_PROCESSING_SIDE = 1024;
