/** Identity for the rest of the site: state, hooks and helpers (no SDK code is pulled in). */
export { default as AuthProvider, useAuth } from './AuthProvider';
export {
  getAuthState,
  loadIdentity,
  signOutEverywhere,
  subscribeAuthState,
  type AuthState,
  type AuthStatus,
} from './session';
export { authErrorMessage } from './errors';
export { DEFAULT_AFTER_SIGN_IN, safeRedirectTarget, signInPath } from './redirect';
