/**
 * Stripe: PaymentIntents for orders (idempotent per order) and webhook parsing with signature
 * verification. The PaymentIntent call can be replaced (tests never reach Stripe's API).
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import type { CreatePaymentIntent, PaymentsMode, StripeEventOutcome } from './provider';

const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.closed']);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripePayments(
  config: StripeConfig,
  overrides: { createPaymentIntent?: CreatePaymentIntent } = {},
): PaymentsMode {
  const stripe = new Stripe(config.secretKey);

  const createPaymentIntent: CreatePaymentIntent =
    overrides.createPaymentIntent ??
    (async ({ orderId, organizationId, amountCents }) => {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          automatic_payment_methods: { enabled: true },
          metadata: { order_id: orderId, organization_id: organizationId },
          description: `Credits order ${orderId}`,
        },
        { idempotencyKey: `credit-order-${orderId}` },
      );
      return { providerReference: intent.id, clientSecret: intent.client_secret ?? '' };
    });

  return {
    provider: 'stripe',
    createPaymentIntent,
    parseWebhook(rawBody, signature): StripeEventOutcome | null {
      const event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      const base = { eventId: event.id, eventType: event.type };
      if (PAYMENT_EVENTS.has(event.type)) {
        const intent = event.data.object as Stripe.PaymentIntent;
        const succeeded = event.type === 'payment_intent.succeeded';
        return {
          ...base,
          kind: 'payment',
          orderId: intent.metadata?.order_id ?? null,
          providerPaymentId: intent.id,
          status: succeeded ? 'succeeded' : 'failed',
          receiptReference: idOf(intent.latest_charge) ?? intent.id,
          amountCents: succeeded ? (intent.amount_received ?? intent.amount) : intent.amount,
          currency: intent.currency,
        };
      }
      if (event.type === 'charge.refunded') {
        const charge = event.data.object as Stripe.Charge;
        const intent = idOf(charge.payment_intent);
        if (!intent) return null;
        return {
          ...base,
          kind: 'refund',
          providerPaymentId: intent,
          refundedCentsTotal: charge.amount_refunded,
        };
      }
      if (DISPUTE_EVENTS.has(event.type)) {
        const dispute = event.data.object as Stripe.Dispute;
        const intent = idOf(dispute.payment_intent);
        if (!intent) return null;
        let outcome: 'opened' | 'won' | 'lost' = 'opened';
        if (event.type === 'charge.dispute.closed') {
          // An inquiry closed without escalating never took the funds: treat it as won.
          outcome = dispute.status === 'lost' ? 'lost' : 'won';
        }
        return {
          ...base,
          kind: 'dispute',
          providerPaymentId: intent,
          disputedCents: dispute.amount,
          outcome,
        };
      }
      return null;
    },
  };
}
