/**
 * Plain constants of the contract, free of TypeBox, so browser pages can
 * import them without bundling the schema library.
 */

/** Purchase limits in USD (inclusive). */
export const CREDIT_PURCHASE_LIMITS = { minUsd: 5, maxUsd: 10000 } as const;
