/**
 * Every cookie category accepted, as the consent store keeps it (localStorage key and value):
 * the benchmarks' "cookies accepted" runs and tests/e2e/security-headers.e2e.ts.
 */
export const ACCEPTED = [
  'visionapi.cookieConsent',
  JSON.stringify({
    essential: true,
    analytics: true,
    marketing: true,
    calendly: true,
    consentDate: new Date().toISOString(),
  }),
];
