/**
 * The public health endpoints the site's status page reads from readers' browsers: constant,
 * cacheable answers with nothing secret, readable cross-origin by the site, and not counted
 * against the callers' rate limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import { createHarness, SITE_ORIGIN, type Harness } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: { rateLimit: { max: 2, timeWindowMs: 60_000 } },
  });
});
afterAll(async () => {
  await h?.close();
});

describe.each(['api', 'services'] as const)('%s /health', (which) => {
  const get = () =>
    (which === 'api' ? h.api : h.services).inject({
      method: 'GET',
      url: '/health',
      headers: { origin: SITE_ORIGIN },
    });

  it('answers ok, cacheable for a few seconds, readable by the site', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    if (which === 'api') {
      expect(response.json()).toEqual({ status: 'ok' });
    } else {
      // Local mode: the gateway's one upstream is the sample upstream, on the loopback interface.
      expect(response.json()).toEqual({
        status: 'ok',
        upstreams: [
          {
            origin: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
            deployments: [...DEPLOYMENT_PATHS],
            state: 'closed',
            consecutive_failures: 0,
            last_success_at: null,
            last_failure_at: null,
            last_failure: null,
          },
        ],
      });
    }
    expect(response.headers['cache-control']).toBe('public, max-age=5');
    expect(response.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
  });

  it('is never refused by the rate limiter, and carries no rate-limit state', async () => {
    for (let i = 0; i < 10; i++) {
      const response = await get();
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
  });
});
