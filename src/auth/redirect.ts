/**
 * Where to go after signing in. Only same-origin paths of this site are accepted, so a crafted
 * `?redirect=` cannot send the user to another site.
 *
 * The check runs on what the function returns, not on what it was given: URL normalisation can
 * turn an innocent-looking input into something else (`/.//evil.example` and `/%2e//evil.example`
 * both normalise to `//evil.example`, a scheme-relative URL to another host).
 */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard/public-deployment/object-detection/';
export const REDIRECT_PARAM = 'redirect';

const AUTH_PAGES = /^\/(sign-in|sign-up|forgot-password)\/?$/;
const PROBE_ORIGIN = 'https://same-origin.invalid';

function hasControlOrBackslash(value: string): boolean {
  return [...value].some((ch) => {
    const code = ch.charCodeAt(0);
    return ch === '\\' || code < 0x20 || code === 0x7f;
  });
}

/** A path a browser resolves against this site only: `/…`, never `//…`, no `\`, no controls. */
function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//') || hasControlOrBackslash(value))
    return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * The output must be a site path as written, and its pathname once percent-decoded too: the router
 * decodes the pathname it is given (history's `decodeURI`), so `/%5cevil.example` would become
 * `/\evil.example`, which browsers read as `//evil.example`.
 */
function isSafeOutput(target: string, pathname: string): boolean {
  if (!isSitePath(target)) return false;
  try {
    return isSitePath(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw) return DEFAULT_AFTER_SIGN_IN;
  // Cheap early refusal of what can never be a site path (scheme, `//host`, `/\host`, controls);
  // the output check below is the one that decides.
  if (!isSitePath(raw)) return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PAGES.test(url.pathname)) return DEFAULT_AFTER_SIGN_IN;
  const target = `${url.pathname}${url.search}${url.hash}`;
  return isSafeOutput(target, url.pathname) ? target : DEFAULT_AFTER_SIGN_IN;
}

/** Reads `?redirect=` from a query string. */
export function redirectTargetFromSearch(search: string): string {
  return safeRedirectTarget(new URLSearchParams(search).get(REDIRECT_PARAM));
}

/** `/sign-in/?redirect=…` for a page that needs a signed-in user. */
export function signInPath(returnTo?: string): string {
  if (!returnTo) return '/sign-in/';
  const target = safeRedirectTarget(returnTo);
  return target === DEFAULT_AFTER_SIGN_IN
    ? '/sign-in/'
    : `/sign-in/?${REDIRECT_PARAM}=${encodeURIComponent(target)}`;
}
