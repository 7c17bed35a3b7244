/**
 * The site's clients, wired to the site configuration and the sign-in state.
 * Import calls from here: `import { account } from '@site/src/api'`.
 * Nothing here pulls the identity SDK into a bundle: it is loaded on the first
 * call that needs a user.
 */
import { getSiteConfig } from '@site/src/config';
import { createAccountClient } from './account';
import { request } from './requester';
import { createServicesClient } from './services';

export { request };

export const account = createAccountClient(request);

export const services = createServicesClient({
  baseUrl: () => getSiteConfig().servicesBaseUrl,
  getApiKeys: account.getApiKeys,
});

export { API_MESSAGES } from './messages';
export { isApiFailure, type ApiResult, type ApiFailure, type ApiSuccess } from './result';
export {
  endOfDayIso,
  PAYMENTS_PAGE_SIZE,
  startOfLocalDayIso,
  type TransactionRange,
} from './account';
export {
  isOrderSettled,
  ORDER_POLL_INTERVAL_MS,
  ORDER_POLL_TIMEOUT_MS,
  waitForCreditOrder,
  type OrderWait,
} from './credit-order';
