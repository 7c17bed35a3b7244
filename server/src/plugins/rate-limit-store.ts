/**
 * A @fastify/rate-limit store in PostgreSQL, so N processes on one database enforce one limit
 * (fixed windows; one upsert per request, which takes the counter's row lock for a moment).
 * Expired counters are swept once a minute by each process.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export function postgresRateLimitStore(db: Database, namespace: string) {
  const sweep = setInterval(() => {
    void db
      .execute(sql`delete from rate_limit_counters where reset_at < now() - interval '1 minute'`)
      .catch(() => undefined);
  }, 60_000);
  sweep.unref();

  async function increment(key: string, timeWindow: number) {
    const result = await db.execute(sql`
      insert into rate_limit_counters (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
      on conflict (key) do update set
        count = case when rate_limit_counters.reset_at <= now() then 1 else rate_limit_counters.count + 1 end,
        reset_at = case when rate_limit_counters.reset_at <= now()
          then now() + make_interval(secs => ${timeWindow / 1000}) else rate_limit_counters.reset_at end
      returning count, greatest(0, extract(epoch from (reset_at - now())) * 1000)::bigint as ttl`);
    const [row] = rows<{ count: number | string; ttl: number | string }>(result);
    return { current: Number(row!.count), ttl: Number(row!.ttl) };
  }

  class PostgresStore {
    private readonly prefix: string;
    constructor(options: { routeInfo?: { url?: string; method?: string } } = {}) {
      const route = options.routeInfo?.url
        ? `${options.routeInfo.method}:${options.routeInfo.url}`
        : '';
      this.prefix = `${namespace}:${route}:`;
    }
    incr(key: string, callback: Callback, timeWindow: number) {
      increment(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: { routeInfo?: { url?: string; method?: string } }) {
      return new PostgresStore(routeOptions);
    }
  }
  return PostgresStore;
}
