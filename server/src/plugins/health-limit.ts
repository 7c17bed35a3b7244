/**
 * The rate limit of the public `/health` endpoints: per client IP, in this process's memory.
 *
 * The routes' own limit, not the servers' @fastify/rate-limit: with PostgreSQL that one keeps its
 * counters in the database, a write per probe, and health is polled by load balancers, monitors and
 * the site's status page in every reader's browser. A fixed window per IP in a bounded map is
 * enough to stop one client from hammering it; several processes each count their own.
 */
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { RateLimitConfig } from '../config';

/** Clients remembered at once; past it, expired windows go first, then the oldest. */
export const HEALTH_LIMIT_MAX_CLIENTS = 10_000;

interface Window {
  count: number;
  resetAt: number;
}

export function healthRateLimit(
  limit: RateLimitConfig,
  now: () => number = Date.now,
): onRequestAsyncHookHandler {
  const windows = new Map<string, Window>();

  const windowOf = (ip: string, at: number): Window => {
    const current = windows.get(ip);
    if (current && current.resetAt > at) return current;
    if (current) windows.delete(ip);
    if (windows.size >= HEALTH_LIMIT_MAX_CLIENTS) {
      for (const [key, window] of windows) {
        if (window.resetAt <= at) windows.delete(key);
      }
      // Still full: forget the oldest client (a Map iterates in insertion order).
      if (windows.size >= HEALTH_LIMIT_MAX_CLIENTS) {
        windows.delete(windows.keys().next().value!);
      }
    }
    const fresh = { count: 0, resetAt: at + limit.timeWindowMs };
    windows.set(ip, fresh);
    return fresh;
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const at = now();
    const window = windowOf(request.ip, at);
    window.count += 1;
    if (window.count <= limit.max) return;
    const seconds = Math.max(1, Math.ceil((window.resetAt - at) / 1000));
    // A refusal is this client's, not the service's state: no shared cache may keep it.
    return reply
      .status(429)
      .headers({ 'retry-after': String(seconds), 'cache-control': 'no-store' })
      .send({ error_message: `Too many requests. Try again in ${seconds} seconds.` });
  };
}
