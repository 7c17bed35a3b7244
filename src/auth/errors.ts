/**
 * Identity error codes (spec §8) in words a user can act on. Wrong password,
 * invalid credential and unknown user share one neutral sentence so the form
 * does not reveal which e-mail addresses have accounts.
 */
const NEUTRAL_SIGN_IN = 'The e-mail address or password is incorrect. Check them and try again.';

export const GENERIC_AUTH_ERROR = 'Something went wrong. Please try again.';

export const AUTH_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  'email-already-in-use':
    'An account with this e-mail address already exists. Sign in instead, or reset your password.',
  'wrong-password': NEUTRAL_SIGN_IN,
  'invalid-credential': NEUTRAL_SIGN_IN,
  'invalid-login-credentials': NEUTRAL_SIGN_IN,
  'user-not-found': NEUTRAL_SIGN_IN,
  'too-many-requests': 'Too many attempts. Please wait a few minutes before trying again.',
  'expired-action-code': 'This link has expired. Request a new one and use it within the hour.',
  'invalid-action-code': 'This link is invalid or has already been used. Request a new one.',
  'user-disabled': 'This account has been disabled. Contact us if you think this is a mistake.',
  'network-request-failed':
    'We could not reach the sign-in service. Check your internet connection and try again.',
  'requires-recent-login': 'For your security, please sign in again before making this change.',
  'user-mismatch':
    'These credentials belong to a different account. Sign in with the account you are using.',
  'account-exists-with-different-credential':
    'An account already exists with this e-mail address. Sign in with the method you used before (for example e-mail and password).',
  'multi-factor-auth-required':
    'This account uses two-step verification, which this site does not support yet. Contact us for help.',
  'popup-blocked':
    'Your browser blocked the sign-in window. Allow pop-ups for this site and try again.',
  'popup-closed-by-user': 'The sign-in window was closed before signing in finished. Try again.',
  'cancelled-popup-request':
    'Another sign-in window was already open. Finish or close it, then try again.',
  'unauthorized-domain':
    'Sign-in is not allowed from this web address. Open the site from its official address and try again.',
  'web-storage-unsupported':
    'Your browser blocks the storage that sign-in needs. Allow cookies and site data for this site, or leave private browsing, and try again.',
  'invalid-api-key': 'Sign-in is misconfigured on our side. Please try again later or contact us.',
  'internal-error': 'The sign-in service had a problem. Please try again.',
  'argument-error':
    'Sign-in could not start because of an unexpected request. Reload the page and try again.',
  'weak-password': 'Choose a stronger password of at least 6 characters.',
  'invalid-email': 'Enter a valid e-mail address, like name@example.com.',
  'missing-email': 'Enter your e-mail address.',
  'missing-password': 'Enter your password.',
  'password-does-not-meet-requirements':
    'This password does not meet the requirements. Choose a longer or more varied password.',
};

/** `auth/wrong-password` → `wrong-password`; undefined for anything without a code. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code.replace(/^auth\//, '') : undefined;
}

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  return (code && AUTH_ERROR_MESSAGES[code]) || GENERIC_AUTH_ERROR;
}
