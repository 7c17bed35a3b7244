import {
  Balance,
  CreateCreditOrderBody,
  CreditOrder,
  PageQuery,
  Payment,
  PaymentList,
  SandboxConfirmBody,
  WebhookReceipt,
} from '../../../../src/api/contract';
import { badRequest, HttpError, notFound } from '../../lib/errors';
import { generateId } from '../../lib/keys';
import { centsAmountToMicros, microsToCents, microsToUsd } from '../../lib/money';
import { presentOrder, presentPayment } from '../../lib/present';
import {
  errorResponses,
  requireOrganization,
  SECURITY,
  type TypedFastify,
  type V1Context,
} from '../context';

export async function creditRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['Credits'];
  app.addHook('onRequest', ctx.hooks.requireUser);

  app.get(
    '/credits/balance',
    {
      schema: {
        tags,
        summary: 'Remaining credits of your wallet, in USD',
        security: SECURITY,
        response: { 200: Balance, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      return { remaining_credits: microsToUsd(await ctx.repos.ledger.balance(org.id)) };
    },
  );

  app.post(
    '/credits',
    {
      schema: {
        tags,
        summary: 'Create a credit order',
        description:
          'With Stripe configured the answer carries the PaymentIntent client secret; the wallet is ' +
          'credited by the webhook. Otherwise the sandbox provider is used: confirm with ' +
          '`POST /credits/sandbox/confirm`.',
        security: SECURITY,
        body: CreateCreditOrderBody,
        response: { 200: CreditOrder, ...errorResponses(400, 401, 404, 502, 413, 415) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      const amountMicros = centsAmountToMicros(request.body.price_in_usd);
      if (amountMicros === null) {
        throw badRequest('Invalid request body: price_in_usd must have at most 2 decimals.');
      }
      const orderId = generateId('ord');
      let providerReference: string | null = null;
      let clientSecret: string | null = null;
      if (ctx.payments.provider === 'stripe') {
        try {
          const intent = await ctx.payments.createPaymentIntent({
            orderId,
            organizationId: org.id,
            amountCents: microsToCents(amountMicros),
          });
          providerReference = intent.providerReference;
          clientSecret = intent.clientSecret;
        } catch (error) {
          request.log.error({ err: error }, 'Stripe PaymentIntent creation failed');
          throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
        }
      }
      const order = await ctx.repos.payments.createOrder({
        id: orderId,
        organizationId: org.id,
        amountMicros,
        provider: ctx.payments.provider,
        providerReference,
        clientSecret,
      });
      return presentOrder(order);
    },
  );

  app.post(
    '/credits/sandbox/confirm',
    {
      schema: {
        tags,
        summary: 'Settle a sandbox order (only when Stripe is not configured)',
        description:
          'Runs the same fulfilment as the Stripe webhook. Repeating it changes nothing.',
        security: SECURITY,
        body: SandboxConfirmBody,
        response: { 200: Payment, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      if (ctx.payments.provider !== 'sandbox') {
        throw notFound('Sandbox payments are disabled because Stripe is configured.');
      }
      const org = await requireOrganization(ctx, request.user!.uid);
      const order = await ctx.repos.payments.findOrder(request.body.order_id);
      if (!order || order.organizationId !== org.id) throw notFound('Credit order not found.');
      const outcome = request.body.outcome ?? 'succeeded';
      const { payment } = await ctx.repos.payments.fulfil({
        orderId: order.id,
        providerPaymentId: `sandbox_${order.id}`,
        status: outcome,
        receiptReference: `SBX-${order.id.slice(4, 14).toUpperCase()}`,
      });
      if (!payment) throw notFound('Credit order not found.');
      return presentPayment(payment);
    },
  );

  app.get(
    '/credits/payments',
    {
      schema: {
        tags,
        summary: 'Payments of your organization, newest first',
        security: SECURITY,
        querystring: PageQuery,
        response: { 200: PaymentList, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const org = await requireOrganization(ctx, request.user!.uid);
      const { skip, limit } = request.query;
      const { rows, totalCount } = await ctx.repos.payments.listPayments(org.id, skip, limit);
      return {
        payments: rows.map(presentPayment),
        total_count: totalCount,
        has_more: skip + rows.length < totalCount,
      };
    },
  );
}

/** Stripe calls this; it is authenticated by the signature, not a user token. */
export async function stripeWebhookRoute(app: TypedFastify, ctx: V1Context) {
  const payments = ctx.payments;
  if (payments.provider !== 'stripe') return;

  // The signature covers the exact bytes Stripe sent: keep the body raw here.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/credits/stripe/webhook',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['Credits'],
        summary: 'Stripe webhook (payment_intent.succeeded / payment_intent.payment_failed)',
        response: { 200: WebhookReceipt, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw badRequest('Missing Stripe-Signature header or body.');
      }
      let outcome;
      try {
        outcome = payments.parseWebhook(request.body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'Stripe webhook signature rejected');
        throw badRequest('Invalid Stripe signature.');
      }
      if (!outcome) return { received: true as const, duplicate: false };
      const order = outcome.orderId
        ? await ctx.repos.payments.findOrder(outcome.orderId)
        : await ctx.repos.payments.findOrderByProviderReference(outcome.providerPaymentId);
      if (!order) {
        request.log.warn({ event: outcome.eventId }, 'Stripe event for an unknown order');
        return { received: true as const, duplicate: false };
      }
      const { duplicate } = await ctx.repos.payments.fulfil({
        orderId: order.id,
        providerPaymentId: outcome.providerPaymentId,
        status: outcome.status,
        receiptReference: outcome.receiptReference,
        event: { id: outcome.eventId, type: outcome.eventType },
      });
      return { received: true as const, duplicate };
    },
  );
}
