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

export type StripeEventOutcome = PaymentEvent | RefundEvent | DisputeEvent;

export type PaymentsMode =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      createPaymentIntent: CreatePaymentIntent;
      /**
       * Verifies the signature on the raw body (throws when it does not match) and reads the
       * events the wallet cares about; null for any other event.
       */
      parseWebhook(rawBody: Buffer, signature: string): StripeEventOutcome | null;
    };
