/** Where a new account continues after sign-up: registering its organization (issue 6). */
export const REGISTER_ORGANIZATION_PATH = '/settings/api-keys/';
export const SIGN_IN_PATH = '/sign-in/';
export const SIGN_UP_PATH = '/sign-up/';
export const FORGOT_PASSWORD_PATH = '/forgot-password/';
export const MIN_PASSWORD_LENGTH = 6;
