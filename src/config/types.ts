/** Runtime configuration shared by the site's browser code. */
export interface SiteConfig {
  /** Public origin of the site, e.g. https://docs.example.com */
  siteUrl: string;
  /** Account backend, including the /v1 prefix. */
  apiBaseUrl: string;
  /** Services host that answers image calls (`POST {task}/{sub}`). */
  servicesBaseUrl: string;
  firebase: {
    apiKey: string;
    authDomain: string;
    projectId: string;
    appId: string;
    /** Empty: analytics is never loaded. */
    measurementId: string;
    /** host:port of the Auth emulator; empty in production. */
    authEmulatorHost: string;
  };
  /** Booking page for the scheduling widget; empty: the badge (with consent) links to /contact-us/. */
  calendlyUrl: string;
  /** Empty: buying credits uses the sandbox provider. */
  stripePublishableKey: string;
}
