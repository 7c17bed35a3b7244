/** Types of bench/acceptedCookies.mjs for the TypeScript tests that import it. */

/** Every cookie category accepted, as the consent store keeps it: localStorage key and value. */
export declare const ACCEPTED: readonly [key: string, value: string];
