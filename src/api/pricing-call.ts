/**
 * Public: no sign-in. The path is spelt `pubic-deployment` by the backend (spec §7). A module of
 * its own so the pricing store (on every page) can call it without the account client.
 */
import type { PublicPricing } from '@contract/account';
import type { Requester } from './request';
import type { ApiResult } from './result';

/**
 * Spec §8: the pricing call's message. Kept here, and listed in API_MESSAGES from here, so the
 * pricing store (on every page) carries this one message, not the whole catalogue.
 */
export const FETCH_PRICING_MESSAGE = 'Unable to fetch pricing, Refresh the page and try again!';

export function getPublicPricing(request: Requester): Promise<ApiResult<PublicPricing>> {
  return request({
    method: 'GET',
    path: 'pricing/pubic-deployment',
    auth: 'none',
    defaultMessage: FETCH_PRICING_MESSAGE,
  });
}
