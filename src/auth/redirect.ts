/**
 * Where to go after signing in. Only same-origin relative paths are accepted,
 * so a crafted `?redirect=` cannot send the user to another site.
 */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard/public-deployment/object-detection/';
export const REDIRECT_PARAM = 'redirect';

const AUTH_PAGES = /^\/(sign-in|sign-up|forgot-password)\/?$/;
const PROBE_ORIGIN = 'https://same-origin.invalid';

function hasControlOrBackslash(value: string): boolean {
  return [...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20);
}

export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw) return DEFAULT_AFTER_SIGN_IN;
  // Reject scheme-relative (`//evil`), backslash tricks (`/\evil`) and control characters.
  if (!raw.startsWith('/') || raw.startsWith('//') || hasControlOrBackslash(raw))
    return DEFAULT_AFTER_SIGN_IN;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PAGES.test(url.pathname)) return DEFAULT_AFTER_SIGN_IN;
  return `${url.pathname}${url.search}${url.hash}`;
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
