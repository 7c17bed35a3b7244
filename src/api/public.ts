/**
 * The calls that need no sign-in, on their own: the pricing store runs on every page, so it
 * must not bring the account client, the services client or the auth wait into the main bundle.
 */
import { getSiteConfig } from '@site/src/config';
import { getPublicPricing } from './pricing-call';
import { createPublicRequester } from './transport';

// Public calls never ask for a user: no sign-in code in every page's bundle.
const publicRequest = createPublicRequester({ baseUrl: () => getSiteConfig().apiBaseUrl });

export const publicApi = {
  getPublicPricing: () => getPublicPricing(publicRequest),
};
