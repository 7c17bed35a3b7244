import {
  COMING_SOON_DEPLOYMENTS,
  DEMO_KEY_CALLS_PER_MINUTE,
  DemoKey,
  FeedbackBody,
  FeedbackReceipt,
  PublicPricing,
} from '@contract';
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
    '/demo-key',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['Pricing'],
        summary: "The shared demo test key for a signed-out reader's first try (no sign-in needed)",
        description:
          "A test key: free sample answers (`sandbox: true`), accepted from the site's own origins " +
          `only, at most ${DEMO_KEY_CALLS_PER_MINUTE} calls a minute per client. Sign up for your own keys.`,
        response: { 200: DemoKey, ...errorResponses() },
      },
    },
    async () => ({
      key: await ctx.repos.apiKeys.demoKey(),
      mode: 'test' as const,
      calls_per_minute: DEMO_KEY_CALLS_PER_MINUTE,
    }),
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
