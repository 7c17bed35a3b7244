/** Consent constants (spec §4, §9). */

/** localStorage key holding the visitor's consent preferences. */
export const CONSENT_STORAGE_KEY = 'visionapi.cookieConsent';

/** Consent is valid for 365 days after its date (spec §9). */
export const CONSENT_VALIDITY_MS = 31536000000;

/** Window event that starts Firebase Analytics (spec §4). */
export const FIREBASE_ANALYTICS_EVENT = 'enableFirebaseAnalytics';

/** Where gtag.js comes from; Firebase Analytics reuses a tag that carries `l=dataLayer`. */
export const GTAG_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
