import type { FastifyBaseLogger } from 'fastify';
import { Type } from 'typebox';
import {
  Balance,
  CreateCreditOrderBody,
  CreditOrder,
  CreditOrderParams,
  PageQuery,
  PaymentIdParams,
  PaymentList,
  SandboxConfirmBody,
} from '@contract';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors';
import {
  IDEMPOTENCY_HEADER_DESCRIPTION,
  MAX_IDEMPOTENCY_KEY,
  withIdempotency,
} from '../../lib/idempotency';
import { generateId, isUuid } from '../../lib/keys';
import { renderInvoicePdf } from '../../billing/invoices';
import { centsAmountToMicros, microsToCents, microsToUsd } from '../../lib/money';
import { presentOrder, presentPayment } from '../../lib/present';
import { actorOf, organizationOf } from '../../plugins/access';
import type { Actor } from '../../repositories/audit';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your e-mail address before buying credits: open the link we sent you, or send a new one from this page. Receipts and payment notices go to that address.';
const ORDER_NOT_FOUND = 'Credit order not found.';
const INVOICE_NOT_FOUND = 'No invoice for this payment: only fulfilled payments have one.';

export async function creditRoutes(app: TypedFastify, ctx: V1Context) {
  const tags = ['Credits'];

  app.get(
    '/credits/balance',
    {
      schema: {
        tags,
        summary: 'Remaining credits of your wallet, in USD',
        description:
          'Negative after a refund or a dispute took back credits that were already spent; ' +
          'metered calls are refused until a purchase brings it above the price of a call. ' +
          '`below_threshold` is true while it is below the low-balance alert threshold.',
        security: SECURITY,
        response: { 200: Balance, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const threshold = org.lowBalanceThresholdMicros;
      return {
        remaining_credits: microsToUsd(org.balanceMicros),
        low_balance_threshold_usd: threshold === null ? null : microsToUsd(threshold),
        below_threshold: threshold !== null && org.balanceMicros < threshold,
      };
    },
  );

  app.post(
    '/credits',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Create a credit order',
        description:
          'Needs a verified e-mail address (403 otherwise) and an ID token that was not revoked. ' +
          'With Stripe the answer carries the PaymentIntent client secret; the wallet is credited ' +
          'by the webhook once Stripe reports the payment. With the sandbox provider (local ' +
          'stack) confirm with `POST /credits/sandbox/confirm`. Poll ' +
          '`GET /credits/orders/{order_id}` until `status` is `succeeded`. At most 5 unpaid ' +
          'orders at a time (409); an unpaid order expires after 60 minutes. With an ' +
          '`Idempotency-Key` header a retry within 24 hours returns the first order.',
        security: SECURITY,
        headers: Type.Object({
          'idempotency-key': Type.Optional(
            Type.String({
              maxLength: MAX_IDEMPOTENCY_KEY,
              description: IDEMPOTENCY_HEADER_DESCRIPTION,
            }),
          ),
        }),
        body: CreateCreditOrderBody,
        response: {
          200: CreditOrder,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 422, 502),
        },
      },
    },
    async (request, reply) => {
      const user = request.user;
      const org = organizationOf(request);
      // A person buys with a verified address; an admin key acts for its organization.
      if (
        user &&
        !user.emailVerified &&
        (await ctx.verifier.lookupEmailVerified(user.uid)) !== true
      ) {
        throw forbidden(EMAIL_NOT_VERIFIED_MESSAGE);
      }
      const amountMicros = centsAmountToMicros(request.body.price_in_usd);
      if (amountMicros === null) {
        throw badRequest('Invalid request body: price_in_usd must have at most 2 decimals.');
      }
      return withIdempotency(
        { calls: ctx.repos.calls, leases: ctx.leases },
        request,
        reply,
        `credits:${org.id}`,
        () => `price_in_usd=${amountMicros}`,
        () => createOrder(org.id, amountMicros, request.log, actorOf(request)),
      );
    },
  );

  async function createOrder(
    organizationId: string,
    amountMicros: number,
    log: FastifyBaseLogger,
    actor: Actor,
  ) {
    const org = { id: organizationId };
    let order = await ctx.repos.payments.createOrder(
      {
        id: generateId('ord'),
        organizationId: org.id,
        amountMicros,
        provider: ctx.payments.provider,
      },
      actor,
    );
    if (ctx.payments.provider === 'stripe') {
      try {
        const intent = await ctx.payments.createPaymentIntent({
          orderId: order.id,
          organizationId: org.id,
          amountCents: microsToCents(amountMicros),
        });
        order = await ctx.repos.payments.attachProviderPayment(
          order.id,
          intent.providerReference,
          intent.clientSecret,
        );
      } catch (error) {
        await ctx.repos.payments.abandonOrder(order.id);
        log.error({ err: error }, 'Stripe PaymentIntent creation failed');
        throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
      }
    }
    return presentOrder({ order, payment: null });
  }

  app.get(
    '/credits/orders/:order_id',
    {
      schema: {
        tags,
        summary: 'One of your credit orders, with its payment',
        description:
          'Poll this after the payment provider confirms: `processing` until the backend has ' +
          'fulfilled the order, then `succeeded` (the credits are in the wallet) or `failed`.',
        security: SECURITY,
        params: CreditOrderParams,
        response: { 200: CreditOrder, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      const view = await ctx.repos.payments.viewOrder(org.id, request.params.order_id);
      if (!view) throw notFound(ORDER_NOT_FOUND);
      return presentOrder(view);
    },
  );

  app.post(
    '/credits/sandbox/confirm',
    {
      schema: {
        tags,
        summary: 'Pay a sandbox order (local stack only, when Stripe is not configured)',
        description:
          'Behaves like a card payment: the order becomes `processing` and is fulfilled by the ' +
          'same step as the Stripe webhook once the sandbox delay has passed ' +
          '(`SANDBOX_FULFILMENT_DELAY_MS`; at once when it is 0). Repeating it changes nothing; ' +
          'an expired order answers 410.',
        security: SECURITY,
        body: SandboxConfirmBody,
        response: { 200: CreditOrder, ...errorResponses(400, 401, 404, 410, 413, 415) },
      },
    },
    async (request) => {
      if (ctx.payments.provider !== 'sandbox') {
        throw notFound('Sandbox payments are disabled because Stripe is configured.');
      }
      const org = organizationOf(request);
      const delay = ctx.config.sandboxFulfilmentDelayMs;
      const view = await ctx.repos.payments.confirmSandbox(
        org.id,
        request.body.order_id,
        request.body.outcome ?? 'succeeded',
        delay,
      );
      if (!view) throw notFound(ORDER_NOT_FOUND);
      if (view.order.status === 'processing') {
        // Whichever process is asked about the order after the delay also settles it.
        setTimeout(() => {
          void ctx.repos.payments.settleSandboxOrder(view.order.id).catch((error: unknown) => {
            app.log.warn({ err: error }, 'sandbox fulfilment failed');
          });
        }, delay + 20).unref();
      }
      return presentOrder(view);
    },
  );

  app.get(
    '/credits/payments/:payment_id/invoice',
    {
      schema: {
        tags,
        summary: 'The invoice of one of your payments, as a PDF',
        description:
          'Every fulfilled payment has a numbered invoice (one gap-free sequence for the site), ' +
          'with the seller and your organization as they were when it was issued.',
        security: SECURITY,
        params: PaymentIdParams,
        produces: ['application/pdf'],
        response: {
          200: Type.String({ format: 'binary', description: 'application/pdf' }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const org = organizationOf(request);
      if (!isUuid(request.params.payment_id)) throw notFound(INVOICE_NOT_FOUND);
      const invoice = await ctx.repos.payments.findInvoice(org.id, request.params.payment_id);
      if (!invoice) throw notFound(INVOICE_NOT_FOUND);
      const pdf = await renderInvoicePdf(invoice);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoice.number}.pdf"`)
        .header('cache-control', 'private, max-age=3600')
        .send(pdf as never);
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
      const org = organizationOf(request);
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
