/** What a payment provider does when an order is created, and what its webhooks report. */
export interface PaymentIntentRequest {
  orderId: string;
  organizationId: string;
  amountCents: number;
}

export interface PaymentIntentResult {
  /** Provider's id for the payment (Stripe PaymentIntent id). */
  providerReference: string;
  clientSecret: string;
}

export type CreatePaymentIntent = (request: PaymentIntentRequest) => Promise<PaymentIntentResult>;

interface EventBase {
  eventId: string;
  eventType: string;
  /** The PaymentIntent the event is about. */
  providerPaymentId: string;
}

/** A PaymentIntent succeeded or failed: what Stripe says was paid, to check against the order. */
export interface PaymentEvent extends EventBase {
  kind: 'payment';
  orderId: string | null;
  status: 'succeeded' | 'failed';
  receiptReference: string | null;
  amountCents: number;
  currency: string;
}

/** A charge was refunded: Stripe reports the cumulative refunded amount. */
export interface RefundEvent extends EventBase {
  kind: 'refund';
  refundedCentsTotal: number;
}

/** A dispute was opened, or closed won or lost. */
export interface DisputeEvent extends EventBase {
  kind: 'dispute';
  disputedCents: number;
  outcome: 'opened' | 'won' | 'lost';
}

/** A card was saved with a SetupIntent (Payment Element in setup mode on the buy-credits page). */
export interface SetupEvent {
  kind: 'setup';
  eventId: string;
  eventType: string;
  organizationId: string | null;
  customerId: string | null;
  paymentMethodId: string;
}

export type StripeEventOutcome = PaymentEvent | RefundEvent | DisputeEvent | SetupEvent;

/** Saving a card for off-session charges. */
export type CreateSetupIntent = (request: {
  organizationId: string;
  customerId: string | null;
  email: string | null;
  name: string;
}) => Promise<{ clientSecret: string; customerId: string }>;

/** An off-session charge of the saved card (auto-recharge); rejects when Stripe refuses it. */
export type ChargeSavedCard = (request: {
  orderId: string;
  organizationId: string;
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
}) => Promise<{ providerReference: string }>;

/** "Visa ending 4242" for a saved payment method. */
export type DescribePaymentMethod = (paymentMethodId: string) => Promise<string>;

export interface StripeOverrides {
  createPaymentIntent?: CreatePaymentIntent;
  createSetupIntent?: CreateSetupIntent;
  chargeSavedCard?: ChargeSavedCard;
  describePaymentMethod?: DescribePaymentMethod;
}

export type PaymentsMode =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      createPaymentIntent: CreatePaymentIntent;
      createSetupIntent: CreateSetupIntent;
      chargeSavedCard: ChargeSavedCard;
      describePaymentMethod: DescribePaymentMethod;
      /**
       * Verifies the signature on the raw body (throws when it does not match) and reads the
       * events the wallet cares about; null for any other event.
       */
      parseWebhook(rawBody: Buffer, signature: string): StripeEventOutcome | null;
    };
