/**
 * Stripe: PaymentIntents for orders (idempotent per order) and webhook
 * parsing with signature verification. The PaymentIntent call can be
 * replaced (tests never reach Stripe's API).
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import type { CreatePaymentIntent, PaymentsMode, StripeEventOutcome } from './provider';

const HANDLED_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

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
      if (!HANDLED_EVENTS.has(event.type)) return null;
      const intent = event.data.object as Stripe.PaymentIntent;
      const latestCharge = intent.latest_charge;
      return {
        eventId: event.id,
        eventType: event.type,
        orderId: intent.metadata?.order_id ?? null,
        providerPaymentId: intent.id,
        status: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
        receiptReference:
          typeof latestCharge === 'string' ? latestCharge : (latestCharge?.id ?? intent.id),
      };
    },
  };
}
