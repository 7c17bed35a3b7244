/**
 * The public health endpoints the site's status page reads from readers' browsers: constant,
 * cacheable answers with nothing secret, readable cross-origin by the site, not counted against
 * the callers' rate limits, and limited per client IP by their own limit, kept in memory.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPLOYMENT_PATHS } from '@contract';
import { HEALTH_LIMIT_MAX_CLIENTS, healthRateLimit } from '../../server/src/plugins/health-limit';
import { createHarness, SITE_ORIGIN, type Harness } from './helpers';

const HEALTH_MAX = 5;

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    config: {
      rateLimit: { max: 2, timeWindowMs: 60_000 },
      servicesIpRateLimit: { max: 2, timeWindowMs: 60_000 },
      healthRateLimit: { max: HEALTH_MAX, timeWindowMs: 60_000 },
    },
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

  it("is not counted against the callers' rate limit, and refuses one client past its own", async () => {
    const from = (remoteAddress: string) =>
      (which === 'api' ? h.api : h.services).inject({
        method: 'GET',
        url: '/health',
        headers: { origin: SITE_ORIGIN },
        remoteAddress,
      });
    // The servers' limit is 2 a minute here: health answers past it and carries none of its state.
    for (let i = 0; i < HEALTH_MAX; i++) {
      const response = await from('203.0.113.7');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBeUndefined();
    }
    const refused = await from('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error_message: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(59);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Its own, never stored by a shared cache; still readable by the site.
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    // Another client is answered.
    expect((await from('203.0.113.8')).statusCode).toBe(200);
  });
});

describe('the health limiter', () => {
  const call = async (limit: ReturnType<typeof healthRateLimit>, ip: string) => {
    const sent: { status?: number; headers?: Record<string, string> } = {};
    const reply = {
      status(code: number) {
        sent.status = code;
        return reply;
      },
      headers(headers: Record<string, string>) {
        sent.headers = headers;
        return reply;
      },
      send() {
        return reply;
      },
    };
    await limit.call(
      undefined as never,
      { ip } as FastifyRequest,
      reply as unknown as FastifyReply,
    );
    return sent;
  };

  it('opens a new window once the last one is over, with Retry-After its time left', async () => {
    let now = 1_000_000;
    const limit = healthRateLimit({ max: 2, timeWindowMs: 60_000 }, () => now);
    expect((await call(limit, 'a')).status).toBeUndefined();
    now += 20_000;
    expect((await call(limit, 'a')).status).toBeUndefined();
    const refused = await call(limit, 'a');
    expect(refused.status).toBe(429);
    expect(refused.headers?.['retry-after']).toBe('40');
    now += 40_000;
    expect((await call(limit, 'a')).status).toBeUndefined();
  });

  it('remembers a bounded number of clients, forgetting the oldest first', async () => {
    const now = 1_000_000;
    const limit = healthRateLimit({ max: 1, timeWindowMs: 60_000 }, () => now);
    expect((await call(limit, 'first')).status).toBeUndefined();
    expect((await call(limit, 'first')).status).toBe(429);
    for (let i = 0; i < HEALTH_LIMIT_MAX_CLIENTS; i++) await call(limit, `client-${i}`);
    // The first client was forgotten to make room: a fresh window.
    expect((await call(limit, 'first')).status).toBeUndefined();
    // A recent one is still remembered.
    expect((await call(limit, `client-${HEALTH_LIMIT_MAX_CLIENTS - 1}`)).status).toBe(429);
  });
});
