/**
 * The site's requester: the configured /v1 base URL and the sign-in state of this tab. Nothing
 * here pulls the identity SDK into a bundle: it is loaded on the first call that needs a user.
 */
import { getSiteConfig } from '@site/src/config';
import { currentUser } from '@site/src/auth/session';
import { organizationHeaders } from './organization';
import { createRequester } from './request';

export const request = createRequester({
  baseUrl: () => getSiteConfig().apiBaseUrl,
  authSource: { currentUser },
  signedInHeaders: organizationHeaders,
});
