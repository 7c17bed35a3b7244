import { MAX_WEBHOOK_ENDPOINTS, WEBHOOK_PREVIOUS_SECRET_HOURS } from '@contract';
import { actorOf, organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

/** Webhook endpoints and their deliveries (operations table: tag "Webhooks"). */
export function webhookHandlers(ctx: V1Context) {
  const { endpoints } = ctx.webhooks;
  return {
    listWebhooks: async (request) => ({
      webhooks: await endpoints.list(organizationOf(request).id),
      max_endpoints: MAX_WEBHOOK_ENDPOINTS,
    }),

    createWebhook: async (request) =>
      endpoints.create(organizationOf(request).id, request.body, actorOf(request)),

    getWebhook: async (request) =>
      endpoints.get(organizationOf(request).id, request.params.webhook_id),

    updateWebhook: async (request) =>
      endpoints.update(
        organizationOf(request).id,
        request.params.webhook_id,
        request.body,
        actorOf(request),
      ),

    deleteWebhook: async (request) => {
      const id = request.params.webhook_id;
      await endpoints.delete(organizationOf(request).id, id, actorOf(request));
      return { id, deleted: true as const };
    },

    rotateWebhookSecret: async (request) =>
      endpoints.rotateSecret(
        organizationOf(request).id,
        request.params.webhook_id,
        request.body?.expire_previous_in_hours ?? WEBHOOK_PREVIOUS_SECRET_HOURS,
        actorOf(request),
      ),

    sendTestWebhook: async (request) =>
      ctx.webhooks.sendTest(organizationOf(request).id, request.params.webhook_id),

    listWebhookDeliveries: async (request) =>
      ctx.webhooks.deliveriesPage(
        organizationOf(request).id,
        request.params.webhook_id,
        request.query.limit ?? 20,
        request.query.cursor,
      ),

    replayWebhookDelivery: async (request) =>
      ctx.webhooks.replay(organizationOf(request).id, request.params.delivery_id),
  } satisfies Partial<Handlers>;
}
