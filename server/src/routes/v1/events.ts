import { organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

/** The organization's events: listed, one by one, and live (operations table: tag "Events"). */
export function eventHandlers(ctx: V1Context) {
  return {
    listEvents: async (request) =>
      ctx.events.list(organizationOf(request).id, {
        limit: request.query.limit ?? 20,
        cursor: request.query.cursor,
        startingAfter: request.query.starting_after,
        type: request.query.type,
        createdAfter: request.query.created_after,
      }),

    getEvent: async (request) =>
      ctx.events.get(organizationOf(request).id, request.params.event_id),

    streamEvents: async (request, reply) =>
      ctx.eventStreams.stream(request, reply, {
        organizationId: organizationOf(request).id,
        types: request.query.types,
        // The header is what an EventSource sends when it reconnects: newer than the URL's.
        after: request.headers['last-event-id'] ?? request.query.after,
      }),
  } satisfies Partial<Handlers>;
}
