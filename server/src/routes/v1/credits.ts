import type { FastifyBaseLogger } from 'fastify';

import { ApiError, invalidRequest, notFound } from '../../lib/errors';
import { withIdempotency } from '../../lib/idempotency';
import { generateId, isUuid } from '../../lib/keys';
import { renderInvoicePdf } from '../../billing/invoices';
import { centsAmountToMicros, microsToCents, microsToUsd } from '../../lib/money';
import { presentOrder, presentPayment } from '../../lib/present';
import { actorOf, organizationOf } from '../../plugins/access';
import type { Actor } from '../../repositories/audit';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Verify your e-mail address before buying credits: open the link we sent you, or send a new one from this page. Receipts and payment notices go to that address.';
const ORDER_NOT_FOUND = 'Credit order not found.';
const INVOICE_NOT_FOUND = 'No invoice for this payment: only fulfilled payments have one.';

export function creditHandlers(ctx: V1Context) {
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
        throw new ApiError(
          'payment_provider_unavailable',
          'The payment provider could not be reached. Please try again.',
        );
      }
    }
    return presentOrder({ order, payment: null });
  }

  return {
    getBalance: async (request) => {
      const org = organizationOf(request);
      const threshold = org.lowBalanceThresholdMicros;
      return {
        remaining_credits: microsToUsd(org.balanceMicros),
        low_balance_threshold_usd: threshold === null ? null : microsToUsd(threshold),
        below_threshold: threshold !== null && org.balanceMicros < threshold,
      };
    },

    createCreditOrder: async (request, reply) => {
      const user = request.user;
      const org = organizationOf(request);
      // A person buys with a verified address; an admin key acts for its organization.
      if (
        user &&
        !user.emailVerified &&
        (await ctx.verifier.lookupEmailVerified(user.uid)) !== true
      ) {
        throw new ApiError('email_not_verified', EMAIL_NOT_VERIFIED_MESSAGE);
      }
      const amountMicros = centsAmountToMicros(request.body.price_in_usd);
      if (amountMicros === null) {
        throw invalidRequest('Invalid request body: price_in_usd must have at most 2 decimals.');
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

    getCreditOrder: async (request) => {
      const org = organizationOf(request);
      const view = await ctx.repos.payments.viewOrder(org.id, request.params.order_id);
      if (!view) throw notFound(ORDER_NOT_FOUND);
      return presentOrder(view);
    },

    confirmSandboxOrder: async (request) => {
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
            request.log.warn({ err: error }, 'sandbox fulfilment failed');
          });
        }, delay + 20).unref();
      }
      return presentOrder(view);
    },

    getInvoice: async (request, reply) => {
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

    listPayments: async (request) => {
      const org = organizationOf(request);
      const { skip = 0, limit = 10 } = request.query;
      const { rows, totalCount } = await ctx.repos.payments.listPayments(org.id, skip, limit);
      return {
        payments: rows.map(presentPayment),
        total_count: totalCount,
        has_more: skip + rows.length < totalCount,
      };
    },
  } satisfies Partial<Handlers>;
}
