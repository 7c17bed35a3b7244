import { COMING_SOON_DEPLOYMENTS, FeedbackBody, FeedbackReceipt, PublicPricing } from '@contract';
import { badRequest } from '../../lib/errors';
import { presentDeploymentPrice } from '../../lib/present';
import { errorResponses, type TypedFastify, type V1Context } from '../context';

/** Routes that work without signing in. */
export async function publicRoutes(app: TypedFastify, ctx: V1Context) {
  app.post(
    '/email',
    {
      onRequest: ctx.hooks.optionalUser,
      schema: {
        tags: ['Feedback'],
        summary: 'Send feedback or a contact message',
        description:
          "Signed in: the token's e-mail address is the sender (a body `email` is ignored). " +
          'Signed out: `email` is required.',
        security: [{ bearerAuth: [] }, {}],
        body: FeedbackBody,
        response: { 200: FeedbackReceipt, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => {
      const user = request.user;
      // A signed-in user cannot send as anyone else.
      const email = user ? user.email : (request.body.email ?? null);
      if (!email && !user) {
        throw badRequest('Invalid request body: email is required when not signed in.');
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
  );

  app.get(
    '/pricing/pubic-deployment',
    {
      schema: {
        tags: ['Pricing'],
        summary: 'Prices of the public deployments (no sign-in needed)',
        response: { 200: PublicPricing, ...errorResponses() },
      },
    },
    async () => {
      const rows = await ctx.repos.pricing.list();
      return {
        currency: 'USD' as const,
        deployments: rows.map(presentDeploymentPrice),
        coming_soon: COMING_SOON_DEPLOYMENTS.map(({ task, name }) => ({ task, name })),
      };
    },
  );
}
