/**
 * Analytics (gtag.js, Firebase Analytics) and Calendly hosts are unreachable here: `stubThirdParties`
 * answers every request to them with a stub and records its URL, so tests assert what the page
 * attempted. Requests still pass the page's Content-Security-Policy first.
 */
import type { BrowserContext } from '@playwright/test';

export const THIRD_PARTY =
  /^https:\/\/([a-z0-9-]+\.)*(googletagmanager\.com|google-analytics\.com|googleapis\.com|calendly\.com)\//;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

/** Records every request to an analytics / Calendly host and answers it with a stub. */
export async function stubThirdParties(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(THIRD_PARTY, async (route) => {
    const request = route.request();
    const url = request.url();
    seen.push(url);
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
    if (url.includes('googletagmanager.com/gtag/js')) {
      return route.fulfill({ contentType: 'application/javascript', body: '', headers: CORS });
    }
    if (url.includes('firebaseinstallations.googleapis.com')) {
      return route.fulfill({
        contentType: 'application/json',
        headers: CORS,
        body: JSON.stringify({
          name: 'projects/demo/installations/fid',
          fid: 'fTESTfid0000000000000',
          refreshToken: 'refresh',
          authToken: { token: 'token', expiresIn: '604800s' },
        }),
      });
    }
    if (url.includes('firebase.googleapis.com')) {
      return route.fulfill({
        contentType: 'application/json',
        headers: CORS,
        body: JSON.stringify({
          appId: '1:000000000000:web:0123456789abcdef',
          measurementId: 'G-TEST123',
        }),
      });
    }
    if (url.includes('calendly.com')) {
      return route.fulfill({ contentType: 'text/html', body: '<p>Calendly stub</p>' });
    }
    return route.fulfill({ status: 204, headers: CORS });
  });
  return seen;
}
