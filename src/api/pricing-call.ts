/**
 * Public: no sign-in. The path is spelt `pubic-deployment` by the backend (spec §7). A module of
 * its own so the pricing store (on every page) can call it without the account client.
 */
import type { PublicPricing } from '@contract/account';
import { API_MESSAGES } from './messages';
import type { Requester } from './request';
import type { ApiResult } from './result';

export function getPublicPricing(request: Requester): Promise<ApiResult<PublicPricing>> {
  return request({
    method: 'GET',
    path: 'pricing/pubic-deployment',
    auth: 'none',
    defaultMessage: API_MESSAGES.fetchPricing,
  });
}
