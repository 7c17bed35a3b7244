/**
 * Loads and unloads the analytics tag as consent changes, without a reload (spec §4).
 *
 * On: Google consent mode is set from the choices, gtag.js is injected (with `l=dataLayer`, so
 * Firebase Analytics reuses this tag instead of adding a second one) and `enableFirebaseAnalytics`
 * is dispatched. Off: collection is disabled, the tag is removed and analytics cookies are expired.
 * Without a measurement id nothing is loaded.
 */
import {
  ANALYTICS_COOKIE,
  ANALYTICS_SCRIPT_HOSTS,
  FIREBASE_ANALYTICS_EVENT,
  GTAG_SCRIPT_URL,
} from './constants';

type GtagWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
} & Record<string, unknown>;

let consentModeDefaulted = false;

function ensureGtag(w: GtagWindow): (...args: unknown[]) => void {
  w.dataLayer = w.dataLayer ?? [];
  if (!w.gtag) {
    // gtag.js reads `arguments` objects from the data layer, not arrays.
    w.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer!.push(arguments);
    };
  }
  return w.gtag;
}

function consentMode(analytics: boolean, marketing: boolean): Record<string, string> {
  const ads = marketing ? 'granted' : 'denied';
  return {
    analytics_storage: analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

function analyticsScripts(): HTMLScriptElement[] {
  return Array.from(document.querySelectorAll<HTMLScriptElement>('script[src]')).filter((s) =>
    ANALYTICS_SCRIPT_HOSTS.some((host) => s.src.includes(host)),
  );
}

/** Analytics consent on: loads the tag and asks Firebase Analytics to start. */
export function loadAnalytics(measurementId: string, { marketing }: { marketing: boolean }): void {
  if (!measurementId) return;
  const w = window as unknown as GtagWindow;
  w[`ga-disable-${measurementId}`] = false;
  const gtag = ensureGtag(w);
  gtag('consent', consentModeDefaulted ? 'update' : 'default', consentMode(true, marketing));
  consentModeDefaulted = true;

  if (analyticsScripts().length === 0) {
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}&l=dataLayer`;
    script.dataset.consentCategory = 'analytics';
    document.head.appendChild(script);
  }
  window.dispatchEvent(new Event(FIREBASE_ANALYTICS_EVENT));
}

/** Analytics consent off (or not given): stops collection, removes the tag, clears its cookies. */
export function unloadAnalytics(measurementId: string): void {
  const w = window as unknown as GtagWindow;
  if (measurementId) w[`ga-disable-${measurementId}`] = true;
  if (consentModeDefaulted && w.gtag) w.gtag('consent', 'update', consentMode(false, false));
  for (const script of analyticsScripts()) script.remove();
  clearAnalyticsCookies();
}

/** The host and each parent domain a cookie for this page may have been set on. */
export function cookieDomains(hostname: string): string[] {
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const parts = hostname.split('.');
  const domains: string[] = [];
  for (let i = 0; i < parts.length; i += 1) {
    // Skip the bare top-level domain ("com"): browsers refuse cookies for it anyway.
    if (parts.length - i < 2 && parts.length > 1) break;
    domains.push(parts.slice(i).join('.'));
  }
  return domains;
}

/** Expires every analytics cookie visible to this page, host-only and domain-wide. */
export function clearAnalyticsCookies(): void {
  const names = document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => ANALYTICS_COOKIE.test(name));
  if (names.length === 0) return;
  const domains = cookieDomains(window.location.hostname);
  const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/';
  for (const name of new Set(names)) {
    document.cookie = `${name}=; ${expired}`;
    for (const domain of domains) {
      document.cookie = `${name}=; ${expired}; domain=${domain}`;
      document.cookie = `${name}=; ${expired}; domain=.${domain}`;
    }
  }
}
