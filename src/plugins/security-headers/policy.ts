/**
 * The security headers the site ships, computed from the build's configuration and the hashes of
 * its inline scripts. Pure: the plugin (index.ts) collects the inputs and writes the files.
 */
import type { SiteConfig } from '../../config/types';

/**
 * A set of headers for the paths that start with `prefix`, are exactly `path`, or end with
 * `suffix` (a file type, at any depth).
 */
export type HeaderRule = ({ prefix: string } | { path: string } | { suffix: string }) & {
  headers: Record<string, string>;
};

/**
 * The docs for machines' files (src/plugins/docs-for-machines): each page's Markdown and the
 * llms.txt files. Hosts disagree on `.md` (octet-stream, a download, or no charset), and readers
 * of these files are tools that trust the type: say it, with the charset.
 */
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
export const TEXT_CONTENT_TYPE = 'text/plain; charset=utf-8';

export type Directives = Record<string, string[]>;

const SELF = "'self'";

// The identity SDK's REST hosts: sign-in, token refresh, installation ids (analytics).
const FIREBASE_API_HOSTS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://firebaseinstallations.googleapis.com',
];
// signInWithPopup loads Google's iframe loader (gapi) from here, on the sign-in pages only.
const GOOGLE_SIGN_IN_SCRIPT_HOST = 'https://apis.google.com';
// gtag.js and its beacons (Google's published CSP for GA4), plus Firebase Analytics' web config.
const ANALYTICS_SCRIPT_HOSTS = ['https://*.googletagmanager.com'];
const ANALYTICS_BEACON_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];
const FIREBASE_ANALYTICS_CONFIG_HOST = 'https://firebase.googleapis.com';
// Stripe.js and the Payment Element's frames (Stripe's published CSP).
const STRIPE_SCRIPT_HOSTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAME_HOSTS = [...STRIPE_SCRIPT_HOSTS, 'https://hooks.stripe.com'];
const STRIPE_API_HOST = 'https://api.stripe.com';
// The Payment Element's wallets (Apple Pay, Google Pay) use the Payment Request API in its frame.
const STRIPE_PAYMENT_ORIGIN = 'https://js.stripe.com';
// react-calendly renders Calendly's page in an iframe; its stylesheet and close icon come from
// assets.calendly.com.
const CALENDLY_FRAME_HOST = 'https://calendly.com';
const CALENDLY_ASSETS_HOST = 'https://assets.calendly.com';

export function originOf(url: string): string {
  return new URL(url).origin;
}

function unique(values: (string | false | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}

/**
 * The Content-Security-Policy directives for a build. Third parties appear only when the build
 * configures them:
 * - Stripe only with STRIPE_PUBLISHABLE_KEY: without it the buy-credits page uses the sandbox
 *   provider and never loads Stripe.js, so allowing Stripe's hosts would only widen what an
 *   injected script could reach.
 * - analytics only with FIREBASE_MEASUREMENT_ID, Calendly only with CALENDLY_URL (both are loaded
 *   after consent, but the policy is per build, not per visitor);
 * - the Auth emulator's origin only when the build talks to it.
 */
export function cspDirectives(config: SiteConfig, scriptHashes: readonly string[]): Directives {
  const { firebase } = config;
  const emulator = firebase.authEmulatorHost ? `http://${firebase.authEmulatorHost}` : undefined;
  const analytics = Boolean(firebase.measurementId);
  const stripe = Boolean(config.stripePublishableKey);
  const calendly = config.calendlyUrl ? originOf(config.calendlyUrl) : undefined;

  return {
    'default-src': [SELF],
    // Inline scripts by hash only (theme bootstrap, client redirects): never 'unsafe-inline'.
    'script-src': unique([
      SELF,
      ...scriptHashes,
      GOOGLE_SIGN_IN_SCRIPT_HOST,
      ...(analytics ? ANALYTICS_SCRIPT_HOSTS : []),
      ...(stripe ? STRIPE_SCRIPT_HOSTS : []),
    ]),
    // 'unsafe-inline' for styles only: MUI's emotion and react-calendly insert <style> elements
    // and style attributes at runtime, whose content no build-time hash can know. Styles cannot
    // run code; scripts stay hash-only.
    'style-src': unique([SELF, "'unsafe-inline'", calendly && CALENDLY_ASSETS_HOST]),
    // The playground shows uploads and results as data: and blob: URLs.
    'img-src': unique([
      SELF,
      'data:',
      'blob:',
      ...(analytics ? ANALYTICS_BEACON_HOSTS : []),
      calendly && CALENDLY_ASSETS_HOST,
    ]),
    'font-src': [SELF, 'data:'],
    'connect-src': unique([
      SELF,
      originOf(config.apiBaseUrl),
      originOf(config.servicesBaseUrl),
      ...FIREBASE_API_HOSTS,
      emulator,
      ...(analytics ? [...ANALYTICS_BEACON_HOSTS, FIREBASE_ANALYTICS_CONFIG_HOST] : []),
      stripe && STRIPE_API_HOST,
    ]),
    // Google sign-in's helper iframe comes from the auth domain (or the emulator).
    'frame-src': unique([
      emulator ?? `https://${firebase.authDomain}`,
      ...(stripe ? STRIPE_FRAME_HOSTS : []),
      calendly && CALENDLY_FRAME_HOST,
      calendly,
    ]),
    // The PWA's service worker and the search index worker are same-origin scripts.
    'worker-src': [SELF],
    'manifest-src': [SELF],
    'object-src': ["'none'"],
    'base-uri': [SELF],
    'form-action': [SELF],
    'frame-ancestors': ["'none'"],
  };
}

export function serializeCsp(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/** Powerful features the site never uses are off; payment is kept for Stripe's frames. */
export function permissionsPolicy(config: SiteConfig): string {
  const off = [
    'accelerometer',
    'camera',
    'display-capture',
    'geolocation',
    'gyroscope',
    'hid',
    'magnetometer',
    'microphone',
    'midi',
    'serial',
    'usb',
    'browsing-topics',
  ].map((feature) => `${feature}=()`);
  const payment = config.stripePublishableKey
    ? `payment=(self "${STRIPE_PAYMENT_ORIGIN}")`
    : 'payment=()';
  return [...off, payment].join(', ');
}

/** Every header of a build, in the order they are written. */
export function headerRules(config: SiteConfig, scriptHashes: readonly string[]): HeaderRule[] {
  return [
    {
      prefix: '/',
      headers: {
        'Content-Security-Policy': serializeCsp(cspDirectives(config, scriptHashes)),
        'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
        'X-Content-Type-Options': 'nosniff',
        // frame-ancestors 'none' for browsers that predate it.
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Permissions-Policy': permissionsPolicy(config),
      },
    },
    // Browsers must see a new service worker as soon as it is deployed.
    { path: '/sw.js', headers: { 'Cache-Control': 'no-cache' } },
    // Content-hashed file names: a changed file has a new name.
    { prefix: '/assets/', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
    { suffix: '.md', headers: { 'Content-Type': MARKDOWN_CONTENT_TYPE } },
    // llms.txt, llms-full.txt and each deployment's llms.txt (and robots-style text files).
    { suffix: '.txt', headers: { 'Content-Type': TEXT_CONTENT_TYPE } },
  ];
}
