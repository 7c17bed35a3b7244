/**
 * `POST /v1/credits/stripe/webhook`: Stripe calls this; it is authenticated by the signature over
 * the raw body, not a user token. It credits an order only when the PaymentIntent's id, amount
 * and currency match the order, and posts refunds and disputes as compensating ledger entries.
 * Every event is handled once (event ids are remembered). Nothing of the body is ever logged.
 */
import { SYSTEM_ACTOR } from '../../repositories/audit';
import { invalidRequest, notFound } from '../../lib/errors';
import { microsToCents } from '../../lib/money';
import type { PaymentEvent } from '../../payments/provider';
import type { CreditOrderRow } from '../../repositories/payments';
import type { TypedFastify, V1Context } from '../context';
import type { Handlers } from '../operations';

const CENTS_TO_MICROS = 10_000;

/** Why a payment event does not pay for the order; null when it does. */
export function paymentMismatch(event: PaymentEvent, order: CreditOrderRow): string | null {
  if (event.status !== 'succeeded') return null;
  if (order.providerReference !== event.providerPaymentId) return 'payment intent id differs';
  if (event.currency.toLowerCase() !== order.currency.toLowerCase()) return 'currency differs';
  if (event.amountCents !== microsToCents(order.amountMicros)) return 'amount differs';
  return null;
}

/** The body parser of the webhook's scope: the signature covers the exact bytes Stripe sent. */
export function keepRawJsonBody(scope: TypedFastify): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
}

export function stripeWebhookHandlers(ctx: V1Context) {
  return {
    receiveStripeWebhook: {
      config: {
        rateLimit: {
          max: ctx.config.webhookRateLimit.max,
          timeWindow: ctx.config.webhookRateLimit.timeWindowMs,
        },
      },
      handler: async (request) => {
        const payments = ctx.payments;
        if (payments.provider !== 'stripe') throw notFound('Stripe is not configured.');

        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw invalidRequest('Missing Stripe-Signature header or body.');
        }
        let outcome;
        try {
          outcome = payments.parseWebhook(request.body, signature);
        } catch {
          request.log.warn({ bytes: request.body.length }, 'Stripe webhook signature rejected');
          throw invalidRequest('Invalid Stripe signature.');
        }
        if (!outcome) return { received: true as const, duplicate: false };

        if (outcome.kind === 'setup') {
          if (!outcome.organizationId) return { received: true as const, duplicate: false };
          const label = await payments
            .describePaymentMethod(outcome.paymentMethodId)
            .catch(() => 'Saved card');
          await ctx.repos.organizations.savePaymentMethod(
            outcome.organizationId,
            {
              provider: 'stripe',
              id: outcome.paymentMethodId,
              label,
              stripeCustomerId: outcome.customerId,
            },
            SYSTEM_ACTOR,
          );
          return { received: true as const, duplicate: false };
        }
        if (outcome.kind === 'refund') {
          const result = await ctx.repos.payments.refund({
            providerPaymentId: outcome.providerPaymentId,
            event: { id: outcome.eventId, type: outcome.eventType },
            refundedMicrosTotal: outcome.refundedCentsTotal * CENTS_TO_MICROS,
          });
          if (result === 'unknown')
            request.log.warn({ event: outcome.eventId }, 'refund of an unknown payment');
          if (result === 'applied') ctx.metrics.compensation('refund');
          return { received: true as const, duplicate: result === 'duplicate' };
        }
        if (outcome.kind === 'dispute') {
          const result = await ctx.repos.payments.dispute({
            providerPaymentId: outcome.providerPaymentId,
            event: { id: outcome.eventId, type: outcome.eventType },
            disputedMicros: outcome.disputedCents * CENTS_TO_MICROS,
            outcome: outcome.outcome,
          });
          if (result === 'unknown')
            request.log.warn({ event: outcome.eventId }, 'dispute of an unknown payment');
          if (result === 'applied') ctx.metrics.compensation(`dispute_${outcome.outcome}`);
          return { received: true as const, duplicate: result === 'duplicate' };
        }

        const order = outcome.orderId
          ? await ctx.repos.payments.findOrder(outcome.orderId)
          : await ctx.repos.payments.findOrderByProviderReference(outcome.providerPaymentId);
        if (!order) {
          request.log.warn({ event: outcome.eventId }, 'Stripe event for an unknown order');
          return { received: true as const, duplicate: false };
        }
        const result = await ctx.repos.payments.fulfil({
          orderId: order.id,
          providerPaymentId: outcome.providerPaymentId,
          status: outcome.status,
          receiptReference: outcome.receiptReference,
          event: { id: outcome.eventId, type: outcome.eventType },
          verify: (locked) => paymentMismatch(outcome, locked),
        });
        if (outcome.status === 'failed' && !result.duplicate && order.kind === 'auto_recharge') {
          await ctx.billing.rechargeFailed(
            order.organizationId,
            order.amountMicros,
            'Your card was declined for the automatic recharge.',
          );
        }
        if (result.mismatch) {
          request.log.warn(
            { event: outcome.eventId, reason: result.mismatch },
            'Stripe payment does not match its order: nothing credited',
          );
        }
        return { received: true as const, duplicate: result.duplicate };
      },
    },
  } satisfies Partial<Handlers>;
}
