/** Payments: fulfilment, refunds, disputes, the payment log and invoices. */
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { creditOrders, invoices, organizations, payments } from '../../db/schema';
import { issueInvoice, type Seller } from '../../billing/invoices';
import { recordAudit, SYSTEM_ACTOR } from '../audit';
import { publishEvent } from '../../services/events';
import { creditWallet, postCompensation } from '../ledger';
import {
  firstSight,
  paymentOf,
  statusAfterChange,
  type Fulfilment,
  type FulfilmentResult,
  type PaymentRow,
  type Compensation,
} from './shared';

/**
 * Payments: the one place a purchase reaches a wallet (fulfil: webhook, sandbox and recharge
 * alike), refunds and disputes, the payment log and its invoices, and who hears of a purchase.
 */
export function settlementRepository(db: Database, options: { seller: Seller }) {
  async function lockSettledPayment(tx: Executor, providerPaymentId: string) {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, providerPaymentId), ne(payments.status, 'failed')))
      .for('update');
    return payment ?? null;
  }

  const paidListeners: Array<(payment: PaymentRow) => Promise<void>> = [];
  const repo = {
    /**
     * Calls `listener` after each purchase is credited (once per payment, after its transaction
     * commits): the receipt e-mail. A listener's failure never undoes or delays the purchase.
     */
    onPaid(listener: (payment: PaymentRow) => Promise<void>): void {
      paidListeners.push(listener);
    },

    async listPayments(organizationId: string, skip: number, limit: number) {
      const where = eq(payments.organizationId, organizationId);
      const rows = await db
        .select({ payment: payments, kind: creditOrders.kind, invoiceNumber: invoices.number })
        .from(payments)
        .innerJoin(creditOrders, eq(creditOrders.id, payments.orderId))
        .leftJoin(invoices, eq(invoices.paymentId, payments.id))
        .where(where)
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .offset(skip)
        .limit(limit);
      const [{ total }] = await db.select({ total: count() }).from(payments).where(where);
      return {
        rows: rows.map((r) => ({ ...r.payment, kind: r.kind, invoiceNumber: r.invoiceNumber })),
        totalCount: total,
      };
    },

    /** The invoice of one of the organization's payments; null when there is none. */
    async findInvoice(organizationId: string, paymentId: string) {
      const [row] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.paymentId, paymentId), eq(invoices.organizationId, organizationId)));
      return row ?? null;
    },

    /**
     * The one place a purchase reaches a wallet, used by the Stripe webhook and the sandbox
     * alike. In one transaction: remember the event, lock the order, check what was paid,
     * record the payment (unique per provider payment id), credit the wallet and append the
     * ledger row.
     */
    async fulfil(f: Fulfilment): Promise<FulfilmentResult> {
      return db.transaction(async (tx) => {
        if (f.event && !(await firstSight(tx, f.event))) {
          return { payment: await paymentOf(tx, f.orderId), duplicate: true };
        }
        const [order] = await tx
          .select()
          .from(creditOrders)
          .where(eq(creditOrders.id, f.orderId))
          .for('update');
        if (!order) return { payment: null, duplicate: false };
        if (order.status === 'succeeded') {
          return { payment: await paymentOf(tx, order.id), duplicate: true };
        }
        const mismatch = f.verify?.(order) ?? null;
        if (mismatch) return { payment: null, duplicate: false, mismatch };
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
        if (!payment) {
          await tx
            .update(creditOrders)
            .set({ status: f.status })
            .where(eq(creditOrders.id, order.id));
          return { payment: await paymentOf(tx, order.id), duplicate: true };
        }
        if (f.status === 'succeeded') {
          await creditWallet(tx, {
            organizationId: order.organizationId,
            amountMicros: order.amountMicros,
            paymentId: payment.id,
          });
          await issueInvoice(tx, payment, options.seller);
          await recordAudit(tx, SYSTEM_ACTOR, {
            organizationId: order.organizationId,
            action: 'credits.purchased',
            target: order.id,
            details: {
              amount_usd: order.amountMicros / 1_000_000,
              kind: order.kind,
              provider: order.provider,
            },
          });
          // Webhooks (issue 35): the payment's ids and figures, in the transaction that credits.
          await publishEvent(tx, order.organizationId, 'payment.succeeded', {
            payment_id: payment.id,
            order_id: order.id,
            amount_usd: order.amountMicros / 1_000_000,
            kind: order.kind,
            provider: order.provider,
          });
          // Above the low-balance threshold again: the next fall sends a new alert.
          await tx
            .update(organizations)
            .set({ lowBalanceAlertedAt: null })
            .where(
              and(
                eq(organizations.id, order.organizationId),
                sql`${organizations.balanceMicros} >= coalesce(${organizations.lowBalanceThresholdMicros}, 0)`,
              ),
            );
        }
        await tx
          .update(creditOrders)
          .set({ status: f.status })
          .where(eq(creditOrders.id, order.id));
        return { payment, duplicate: false };
      });
    },

    /**
     * A refund (full or partial). Stripe reports the charge's cumulative refunded amount, so
     * the entry is the difference to what was already taken back: replays and out-of-order
     * events post nothing twice. Never more than the payment brought in.
     */
    async refund(
      c: Compensation & { refundedMicrosTotal: number },
    ): Promise<'applied' | 'duplicate' | 'unknown'> {
      return db.transaction(async (tx) => {
        if (!(await firstSight(tx, c.event))) return 'duplicate';
        const payment = await lockSettledPayment(tx, c.providerPaymentId);
        if (!payment) return 'unknown';
        const target = Math.min(
          c.refundedMicrosTotal,
          payment.amountMicros - payment.disputedMicros,
        );
        const delta = target - payment.refundedMicros;
        if (delta <= 0) return 'duplicate';
        await postCompensation(tx, {
          organizationId: payment.organizationId,
          amountMicros: -delta,
          paymentId: payment.id,
          kind: 'refund',
        });
        await recordAudit(tx, SYSTEM_ACTOR, {
          organizationId: payment.organizationId,
          action: 'credits.refunded',
          target: payment.orderId,
          details: { amount_usd: delta / 1_000_000, provider: payment.provider },
        });
        const refunded = payment.refundedMicros + delta;
        await tx
          .update(payments)
          .set({
            refundedMicros: refunded,
            status: statusAfterChange(payment, refunded, payment.disputedMicros),
          })
          .where(eq(payments.id, payment.id));
        return 'applied';
      });
    },

    /**
     * A dispute opened: the disputed amount is held back from the wallet at once (the card
     * network has already taken it from us). Won: it is given back; lost: it stays taken, once.
     */
    async dispute(
      c: Compensation & { disputedMicros: number; outcome: 'opened' | 'won' | 'lost' },
    ): Promise<'applied' | 'duplicate' | 'unknown'> {
      return db.transaction(async (tx) => {
        if (!(await firstSight(tx, c.event))) return 'duplicate';
        const payment = await lockSettledPayment(tx, c.providerPaymentId);
        if (!payment) return 'unknown';
        if (c.outcome === 'won') {
          if (payment.disputedMicros === 0) return 'duplicate';
          await postCompensation(tx, {
            organizationId: payment.organizationId,
            amountMicros: payment.disputedMicros,
            paymentId: payment.id,
            kind: 'dispute_won',
          });
          await tx
            .update(payments)
            .set({
              disputedMicros: 0,
              status: statusAfterChange(payment, payment.refundedMicros, 0),
            })
            .where(eq(payments.id, payment.id));
          return 'applied';
        }
        // Opened, or lost without an earlier "opened" event: hold what is not held yet.
        const target = Math.min(c.disputedMicros, payment.amountMicros - payment.refundedMicros);
        const delta = target - payment.disputedMicros;
        if (delta <= 0) return 'duplicate';
        await postCompensation(tx, {
          organizationId: payment.organizationId,
          amountMicros: -delta,
          paymentId: payment.id,
          kind: 'dispute',
        });
        await tx
          .update(payments)
          .set({ disputedMicros: target, status: 'disputed' })
          .where(eq(payments.id, payment.id));
        return 'applied';
      });
    },
  };
  // Every way a purchase is credited (webhook, sandbox, recharge) goes through `fulfil`.
  const fulfilInTransaction = repo.fulfil;
  repo.fulfil = async (f) => {
    const result = await fulfilInTransaction(f);
    const paid = result.payment;
    if (paid && !result.duplicate && paid.status === 'succeeded') {
      for (const listener of paidListeners) void listener(paid).catch(() => undefined);
    }
    return result;
  };
  return repo;
}
