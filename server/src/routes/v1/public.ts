import { COMING_SOON_DEPLOYMENTS, DEMO_KEY_CALLS_PER_MINUTE } from '@contract';
import { invalidRequest } from '../../lib/errors';
import { presentDeploymentPrice } from '../../lib/present';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

/** Routes that work without signing in. */
export function publicHandlers(ctx: V1Context) {
  return {
    sendFeedback: {
      options: { onRequest: ctx.hooks.optionalUser },
      // Open to anyone and it sends e-mail: a tight limit of its own per client IP (it
      // replaces the API's per-IP limit on this route, which is looser).
      config: {
        rateLimit: {
          max: ctx.config.feedbackRateLimit.max,
          timeWindow: ctx.config.feedbackRateLimit.timeWindowMs,
        },
      },
      handler: async (request) => {
        const user = request.user;
        // A signed-in user cannot send as anyone else.
        const email = user ? user.email : (request.body.email ?? null);
        if (!email && !user) {
          throw invalidRequest('Invalid request body: email is required when not signed in.');
        }
        const org = user
          ? ((await ctx.repos.teams.membershipFor(user.uid, null))?.organization ?? null)
          : null;
        const message = await ctx.repos.feedback.create({
          organizationId: org?.id ?? null,
          uid: user?.uid ?? null,
          email,
          subject: request.body.subject,
          body: request.body.body,
          pageId: request.body.pageId,
        });
        // Stored first (the record), then forwarded to the support inbox by e-mail.
        await ctx.billing.forwardFeedback({
          from: email,
          subject: request.body.subject,
          body: request.body.body,
          pageId: request.body.pageId,
          organization: org?.name ?? null,
        });
        return { id: message.id, received_at: message.receivedAt.toISOString() };
      },
    },

    getDemoKey: async () => ({
      key: await ctx.repos.apiKeys.demoKey(),
      mode: 'test' as const,
      calls_per_minute: DEMO_KEY_CALLS_PER_MINUTE,
    }),

    getPublicPricing: async () => {
      const rows = await ctx.repos.pricing.list();
      return {
        currency: 'USD' as const,
        deployments: rows.map(presentDeploymentPrice),
        coming_soon: COMING_SOON_DEPLOYMENTS.map(({ task, name }) => ({ task, name })),
      };
    },
  } satisfies Partial<Handlers>;
}
