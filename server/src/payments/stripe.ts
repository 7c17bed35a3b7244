/**
 * Stripe: PaymentIntents for orders (idempotent per order) and webhook parsing with signature
 * verification. The PaymentIntent call can be replaced (tests never reach Stripe's API).
 */
import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import type {
  ChargeSavedCard,
  CreatePaymentIntent,
  CreateSetupIntent,
  DescribePaymentMethod,
  PaymentsMode,
  StripeEventOutcome,
  StripeOverrides,
} from './provider';

const PAYMENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const DISPUTE_EVENTS = new Set(['charge.dispute.created', 'charge.dispute.closed']);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripePayments(
  config: StripeConfig,
  overrides: StripeOverrides = {},
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

  const createSetupIntent: CreateSetupIntent =
    overrides.createSetupIntent ??
    (async ({ organizationId, customerId, email, name }) => {
      const customer =
        customerId ??
        (
          await stripe.customers.create(
            { email: email ?? undefined, name, metadata: { organization_id: organizationId } },
            { idempotencyKey: `customer-${organizationId}` },
          )
        ).id;
      const intent = await stripe.setupIntents.create({
        customer,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: { organization_id: organizationId },
      });
      return { clientSecret: intent.client_secret ?? '', customerId: customer };
    });

  const chargeSavedCard: ChargeSavedCard =
    overrides.chargeSavedCard ??
    (async ({ orderId, organizationId, amountCents, customerId, paymentMethodId }) => {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: 'usd',
          customer: customerId,
          payment_method: paymentMethodId,
          off_session: true,
          confirm: true,
          metadata: { order_id: orderId, organization_id: organizationId, kind: 'auto_recharge' },
          description: `Auto-recharge ${orderId}`,
        },
        { idempotencyKey: `credit-order-${orderId}` },
      );
      return { providerReference: intent.id };
    });

  const describePaymentMethod: DescribePaymentMethod =
    overrides.describePaymentMethod ??
    (async (paymentMethodId) => {
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      if (method.card) {
        const brand = method.card.brand.charAt(0).toUpperCase() + method.card.brand.slice(1);
        return `${brand} ending ${method.card.last4}`;
      }
      return 'Saved payment method';
    });

  return {
    provider: 'stripe',
    createPaymentIntent,
    createSetupIntent,
    chargeSavedCard,
    describePaymentMethod,
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
      if (event.type === 'setup_intent.succeeded') {
        const intent = event.data.object as Stripe.SetupIntent;
        const method = idOf(intent.payment_method);
        if (!method) return null;
        return {
          ...base,
          kind: 'setup',
          organizationId: intent.metadata?.organization_id ?? null,
          customerId: idOf(intent.customer),
          paymentMethodId: method,
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
