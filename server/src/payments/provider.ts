/** What a payment provider does when an order is created. */
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

export interface StripeEventOutcome {
  eventId: string;
  eventType: string;
  orderId: string | null;
  providerPaymentId: string;
  status: 'succeeded' | 'failed';
  receiptReference: string | null;
}

export type PaymentsMode =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      createPaymentIntent: CreatePaymentIntent;
      /** Verifies the signature on the raw body; throws when it does not match. */
      parseWebhook(rawBody: Buffer, signature: string): StripeEventOutcome | null;
    };
