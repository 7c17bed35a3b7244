/** What orders and payments share: row and result types, messages, helpers under a transaction. */
import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { creditOrders, payments, stripeEvents } from '../../db/schema';

export type CreditOrderRow = typeof creditOrders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** An order and its payment (the settled one, or the failed attempt). */
export interface OrderView {
  order: CreditOrderRow;
  payment: PaymentRow | null;
}

export interface Fulfilment {
  orderId: string;
  /** The provider's unique payment id (Stripe PaymentIntent id, or the sandbox's). */
  providerPaymentId: string;
  status: 'succeeded' | 'failed';
  receiptReference: string | null;
  /** Stripe event being handled; a replay of a seen event changes nothing. */
  event?: { id: string; type: string };
  /**
   * Checks what the provider says was paid against the order, under the order's lock; a
   * reason string refuses the fulfilment (nothing is credited).
   */
  verify?: (order: CreditOrderRow) => string | null;
}

export interface FulfilmentResult {
  payment: PaymentRow | null;
  /** True when nothing changed because this event or payment was already handled. */
  duplicate: boolean;
  /** Set when `verify` refused: nothing was recorded or credited. */
  mismatch?: string;
}

/** A refund or dispute reported by the provider for a settled payment. */
export interface Compensation {
  providerPaymentId: string;
  event: { id: string; type: string };
}

export const ORDER_EXPIRED_MESSAGE =
  'This credit order has expired. Start a new purchase: orders can be paid for 60 minutes.';

export const OPEN_STATUSES = ['requires_payment', 'processing'] as const;

export async function paymentOf(tx: Executor, orderId: string): Promise<PaymentRow | null> {
  const rows = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(
      sql`case when ${payments.status} = 'failed' then 1 else 0 end`,
      desc(payments.createdAt),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Records a provider event id; false when it was seen before. */
export async function firstSight(
  tx: Executor,
  event: { id: string; type: string },
): Promise<boolean> {
  const [fresh] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning();
  return Boolean(fresh);
}

export function statusAfterChange(
  payment: PaymentRow,
  refunded: number,
  disputed: number,
): PaymentRow['status'] {
  if (disputed > 0) return 'disputed';
  if (refunded >= payment.amountMicros) return 'refunded';
  if (refunded > 0) return 'partially_refunded';
  return 'succeeded';
}

/** The daily ceiling on automatic recharges and what today used of it. */
export interface RechargeCeiling {
  maxCount: number;
  maxMicros: number;
  count: number;
  micros: number;
}

export async function rechargesToday(
  tx: Executor,
  organizationId: string,
): Promise<{ count: number; micros: number }> {
  const [row] = await tx
    .select({
      count: count(),
      micros: sql<string>`coalesce(sum(${creditOrders.amountMicros}), 0)`,
    })
    .from(creditOrders)
    .where(
      and(
        eq(creditOrders.organizationId, organizationId),
        eq(creditOrders.kind, 'auto_recharge'),
        inArray(creditOrders.status, ['requires_payment', 'processing', 'succeeded']),
        gte(
          creditOrders.createdAt,
          sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`,
        ),
      ),
    );
  return { count: row?.count ?? 0, micros: Number(row?.micros ?? 0) };
}

export const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;

/** What the buy-credits page and the e-mail say when the ceiling pauses auto-recharge. */
export function ceilingMessage(ceiling: RechargeCeiling): string {
  return (
    `Paused by the daily ceiling: ${ceiling.count} automatic recharge${ceiling.count === 1 ? '' : 's'} ` +
    `(${usd(ceiling.micros)}) today, and the ceiling is ${ceiling.maxCount} recharges or ${usd(ceiling.maxMicros)} a day. ` +
    'If you expected this usage, turn auto-recharge back on or raise the ceiling; otherwise check your API keys for a leak.'
  );
}

export function sandboxFulfilment(orderId: string, outcome: 'succeeded' | 'failed'): Fulfilment {
  return {
    orderId,
    providerPaymentId: `sandbox_${orderId}`,
    status: outcome,
    receiptReference: `SBX-${orderId.slice(4, 14).toUpperCase()}`,
  };
}
