import { and, count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { creditOrders, payments, stripeEvents } from '../db/schema';
import { creditWallet } from './ledger';

export type CreditOrderRow = typeof creditOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface Fulfilment {
  orderId: string;
  /** The provider's unique payment id (Stripe PaymentIntent id, or the sandbox's). */
  providerPaymentId: string;
  status: 'succeeded' | 'failed';
  receiptReference: string | null;
  /** Stripe event being handled; a replay of a seen event changes nothing. */
  event?: { id: string; type: string };
}

export interface FulfilmentResult {
  payment: PaymentRow | null;
  /** True when nothing changed because this event or payment was already handled. */
  duplicate: boolean;
}

async function succeededPayment(tx: Executor, orderId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')));
  return row ?? null;
}

export function createPaymentsRepository(db: Database) {
  return {
    async createOrder(order: {
      id: string;
      organizationId: string;
      amountMicros: number;
      provider: 'stripe' | 'sandbox';
      providerReference: string | null;
      clientSecret: string | null;
    }): Promise<CreditOrderRow> {
      const [row] = await db
        .insert(creditOrders)
        .values({ ...order, status: 'requires_payment', currency: 'USD' })
        .returning();
      return row!;
    },

    async findOrder(orderId: string): Promise<CreditOrderRow | null> {
      const [row] = await db.select().from(creditOrders).where(eq(creditOrders.id, orderId));
      return row ?? null;
    },

    async findOrderByProviderReference(reference: string): Promise<CreditOrderRow | null> {
      const [row] = await db
        .select()
        .from(creditOrders)
        .where(eq(creditOrders.providerReference, reference));
      return row ?? null;
    },

    async listPayments(organizationId: string, skip: number, limit: number) {
      const where = eq(payments.organizationId, organizationId);
      const rows = await db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .offset(skip)
        .limit(limit);
      const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
      return { rows, totalCount: total };
    },

    /**
     * The one place a purchase reaches a wallet, used by the Stripe webhook and
     * the sandbox confirm step alike. In one transaction: remember the event,
     * lock the order, record the payment (unique per provider payment id among
     * successes), credit the wallet and append the ledger row.
     */
    async fulfil(f: Fulfilment): Promise<FulfilmentResult> {
      return db.transaction(async (tx) => {
        if (f.event) {
          const [fresh] = await tx
            .insert(stripeEvents)
            .values({ id: f.event.id, type: f.event.type })
            .onConflictDoNothing({ target: stripeEvents.id })
            .returning();
          if (!fresh) return { payment: await succeededPayment(tx, f.orderId), duplicate: true };
        }
        const [order] = await tx
          .select()
          .from(creditOrders)
          .where(eq(creditOrders.id, f.orderId))
          .for('update');
        if (!order) return { payment: null, duplicate: false };
        if (order.status === 'succeeded') {
          return { payment: await succeededPayment(tx, order.id), duplicate: true };
        }
        const [payment] = await tx
          .insert(payments)
          .values({
            organizationId: order.organizationId,
            orderId: order.id,
            providerPaymentId: f.providerPaymentId,
            amountMicros: order.amountMicros,
            status: f.status,
            provider: order.provider,
            receiptReference: f.receiptReference,
          })
          .onConflictDoNothing()
          .returning();
        if (!payment) return { payment: await succeededPayment(tx, order.id), duplicate: true };
        if (f.status === 'succeeded') {
          await creditWallet(tx, {
            organizationId: order.organizationId,
            amountMicros: order.amountMicros,
            paymentId: payment.id,
          });
        }
        await tx
          .update(creditOrders)
          .set({ status: f.status })
          .where(eq(creditOrders.id, order.id));
        return { payment, duplicate: false };
      });
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
