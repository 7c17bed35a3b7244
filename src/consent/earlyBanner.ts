/**
 * The cookie banner is server-rendered in every page, hidden (`cookie-banner-pending`), because
 * the stored consent is only known in the browser. This script, inlined in each page's <head>
 * (docusaurus.config.ts `headTags`; its hash is in the Content-Security-Policy like every inline
 * script), marks the document `consent-unset` before the body is parsed when nothing valid is
 * stored, and src/css/custom.css then shows the banner: a first visit paints it with the page
 * instead of after the app's JavaScript has run (it was the largest paint of the sign-in and
 * sign-up pages on a phone, 3.8 s in Lighthouse mobile). Once hydrated, React's reading of the
 * store (src/consent/store.ts, the rule) takes over.
 *
 * It errs towards "consent given": every consent the store accepts passes it, so a visitor with
 * a valid choice never sees the banner flash; a malformed one it lets pass is shown the banner
 * after hydration, as before.
 */
import { CONSENT_STORAGE_KEY, CONSENT_VALIDITY_MS } from './constants';

/** The class the script puts on <html>. */
export const CONSENT_UNSET_CLASS = 'consent-unset';

export const EARLY_BANNER_SCRIPT =
  `(function(){var u=true;try{var v=JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})||'null'),` +
  `t=v&&v.essential===true?new Date(v.consentDate).getTime():NaN;` +
  `u=!(Date.now()-t<=${CONSENT_VALIDITY_MS})}catch(e){}` +
  `if(u)document.documentElement.classList.add(${JSON.stringify(CONSENT_UNSET_CLASS)})})();`;
