/** Consent constants (spec §4, §9). */

/** localStorage key holding the visitor's consent preferences. */
export const CONSENT_STORAGE_KEY = 'visionapi.cookieConsent';

/** Consent is valid for 365 days after its date (spec §9). */
export const CONSENT_VALIDITY_MS = 31536000000;

/** Window event that starts Firebase Analytics (spec §4). */
export const FIREBASE_ANALYTICS_EVENT = 'enableFirebaseAnalytics';

/** Where gtag.js comes from; Firebase Analytics reuses a tag that carries `l=dataLayer`. */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';

/** Cookies written by gtag.js / Google Analytics (and Ads measurement through the same tag). */
export const ANALYTICS_COOKIE = /^(_ga|_gid|_gcl_|_dc_gtm_|__utm|AMP_TOKEN|FPID|FPLID|FPAU|FPGCL)/;

/** Hosts the analytics tag's scripts come from. */
export const ANALYTICS_SCRIPT_HOSTS = ['googletagmanager.com', 'google-analytics.com'];

/**
 * Whether this page holds anything analytics left behind (the gtag function, its scripts or
 * cookies). Without any, turning analytics off has nothing to undo, and the loader that would
 * undo it is not downloaded.
 */
export function hasAnalyticsTraces(): boolean {
  if (typeof window === 'undefined') return false;
  if ('gtag' in window) return true;
  const scripts = Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]'));
  if (scripts.some((s) => ANALYTICS_SCRIPT_HOSTS.some((host) => s.src.includes(host)))) return true;
  return document.cookie
    .split(';')
    .some((pair) => ANALYTICS_COOKIE.test(pair.split('=')[0]!.trim()));
}
