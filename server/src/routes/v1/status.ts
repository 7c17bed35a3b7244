/** The public status report and its Atom feed (issue 34): no sign-in, cached a few seconds. */
import { statusFeed } from '../../services/status/feed';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

/** Shared caches may keep the answers this long (the report itself is 15 s old at most). */
const STATUS_CACHE_CONTROL = 'public, max-age=15';

export function statusHandlers(ctx: V1Context) {
  return {
    getStatus: async (_request, reply) => {
      reply.header('cache-control', STATUS_CACHE_CONTROL);
      return ctx.statusReports.get();
    },

    getStatusFeed: async (_request, reply) => {
      const report = await ctx.statusReports.get();
      const body = statusFeed(report, {
        feedUrl: `${ctx.config.publicApiUrl}/v1/status.atom`,
        pageUrl: `${ctx.config.siteUrl}/status/`,
      });
      return reply
        .header('content-type', 'application/atom+xml; charset=utf-8')
        .header('cache-control', STATUS_CACHE_CONTROL)
        .send(body);
    },
  } satisfies Partial<Handlers>;
}
