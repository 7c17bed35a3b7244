import { and, count, desc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { OPEN_ORDER_LIMITS, RECHARGE_CEILING } from '@contract';
import type { Database, Executor } from '../db/client';
import { creditOrders, invoices, organizations, payments, stripeEvents } from '../db/schema';
import { ApiError, gone, invalidRequest } from '../lib/errors';
import { issueInvoice, type Seller } from '../billing/invoices';
import { recordAudit, SYSTEM_ACTOR, type Actor } from './audit';
import { creditWallet, postCompensation } from './ledger';

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

const OPEN_STATUSES = ['requires_payment', 'processing'] as const;

async function paymentOf(tx: Executor, orderId: string): Promise<PaymentRow | null> {
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
async function firstSight(tx: Executor, event: { id: string; type: string }): Promise<boolean> {
  const [fresh] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning();
  return Boolean(fresh);
}

function statusAfterChange(
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

async function rechargesToday(
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

const usd = (micros: number) => `$${(micros / 1_000_000).toFixed(2)}`;

/** What the buy-credits page and the e-mail say when the ceiling pauses auto-recharge. */
export function ceilingMessage(ceiling: RechargeCeiling): string {
  return (
    `Paused by the daily ceiling: ${ceiling.count} automatic recharge${ceiling.count === 1 ? '' : 's'} ` +
    `(${usd(ceiling.micros)}) today, and the ceiling is ${ceiling.maxCount} recharges or ${usd(ceiling.maxMicros)} a day. ` +
    'If you expected this usage, turn auto-recharge back on or raise the ceiling; otherwise check your API keys for a leak.'
  );
}

export function createPaymentsRepository(db: Database, options: { seller: Seller }) {
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

    /**
     * Creates an order under the per-organization cap of open (unpaid, unexpired) orders; the
     * organization's row lock makes the cap hold under concurrency. Throws 409 at the cap.
     */
    async createOrder(
      order: {
        id: string;
        organizationId: string;
        amountMicros: number;
        provider: 'stripe' | 'sandbox';
      },
      actor?: Actor,
    ): Promise<CreditOrderRow> {
      if (order.amountMicros <= 0) throw invalidRequest('An order must be for a positive amount.');
      return db.transaction(async (tx) => {
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, order.organizationId))
          .for('update');
        const [{ open }] = await tx
          .select({ open: count() })
          .from(creditOrders)
          .where(
            and(
              eq(creditOrders.organizationId, order.organizationId),
              eq(creditOrders.kind, 'purchase'),
              inArray(creditOrders.status, [...OPEN_STATUSES]),
              gt(creditOrders.expiresAt, sql`now()`),
            ),
          );
        if (open >= OPEN_ORDER_LIMITS.maxOpen) {
          throw new ApiError(
            'conflict',
            `You already have ${OPEN_ORDER_LIMITS.maxOpen} unpaid credit orders. Pay one, or wait until one expires (${OPEN_ORDER_LIMITS.expiresAfterMinutes} minutes after it was created), then try again.`,
          );
        }
        const [row] = await tx
          .insert(creditOrders)
          .values({
            ...order,
            status: 'requires_payment',
            currency: 'USD',
            expiresAt: sql`now() + make_interval(mins => ${OPEN_ORDER_LIMITS.expiresAfterMinutes})`,
          })
          .returning();
        if (actor) {
          await recordAudit(tx, actor, {
            organizationId: order.organizationId,
            action: 'credits.purchase_started',
            target: row!.id,
            details: { amount_usd: order.amountMicros / 1_000_000, provider: order.provider },
          });
        }
        return row!;
      });
    },

    /**
     * The organization's one open automatic recharge order; null when one is already open (a
     * partial unique index makes this hold however many calls cross the threshold at once) or
     * when the balance is no longer below the threshold. The wallet row is locked while this is
     * decided: a recharge being fulfilled holds it too, so a call that read the balance before
     * that recharge landed cannot open a second one after it.
     */
    async createAutoRechargeOrder(order: {
      id: string;
      organizationId: string;
      amountMicros: number;
      provider: 'stripe' | 'sandbox';
    }): Promise<CreditOrderRow | { ceiling: RechargeCeiling } | null> {
      return db.transaction(async (tx) => {
        const [wallet] = await tx
          .select({
            enabled: organizations.autoRechargeEnabled,
            balance: organizations.balanceMicros,
            threshold: organizations.autoRechargeThresholdMicros,
            maxCount: organizations.autoRechargeDailyMaxCount,
            maxMicros: organizations.autoRechargeDailyMaxMicros,
          })
          .from(organizations)
          .where(eq(organizations.id, order.organizationId))
          .for('update');
        if (!wallet?.enabled || wallet.threshold === null || wallet.balance >= wallet.threshold) {
          return null;
        }
        // The leak circuit-breaker: today's automatic recharges (UTC), counted under the wallet's
        // lock, so concurrent calls crossing the threshold cannot pass the ceiling together.
        const today = await rechargesToday(tx, order.organizationId);
        const ceiling: RechargeCeiling = {
          maxCount: wallet.maxCount ?? RECHARGE_CEILING.defaultCount,
          maxMicros: wallet.maxMicros ?? RECHARGE_CEILING.defaultAmountUsd * 1_000_000,
          ...today,
        };
        if (
          today.count + 1 > ceiling.maxCount ||
          today.micros + order.amountMicros > ceiling.maxMicros
        ) {
          await tx
            .update(organizations)
            .set({
              autoRechargeEnabled: false,
              autoRechargeFailure: ceilingMessage(ceiling),
              autoRechargeFailedAt: new Date(),
            })
            .where(eq(organizations.id, order.organizationId));
          await recordAudit(tx, SYSTEM_ACTOR, {
            organizationId: order.organizationId,
            action: 'billing.auto_recharge_updated',
            details: {
              enabled: false,
              reason: 'daily_ceiling',
              recharges_today: today.count,
              amount_today_usd: today.micros / 1_000_000,
            },
          });
          return { ceiling };
        }
        const [row] = await tx
          .insert(creditOrders)
          .values({
            ...order,
            kind: 'auto_recharge',
            status: 'requires_payment',
            currency: 'USD',
            expiresAt: sql`now() + make_interval(mins => ${OPEN_ORDER_LIMITS.expiresAfterMinutes})`,
          })
          .onConflictDoNothing()
          .returning();
        return row ?? null;
      });
    },

    /** Today's automatic recharges (UTC day): open or paid, with what they buy. */
    rechargesToday: (organizationId: string) => rechargesToday(db, organizationId),

    /** Marks an order as being settled by the provider (an off-session charge in flight). */
    async markProcessing(
      orderId: string,
      sandbox?: { outcome: 'succeeded' | 'failed'; delayMs: number },
    ) {
      await db
        .update(creditOrders)
        .set({
          status: 'processing',
          ...(sandbox && {
            sandboxOutcome: sandbox.outcome,
            fulfilAfter: new Date(Date.now() + sandbox.delayMs),
          }),
        })
        .where(eq(creditOrders.id, orderId));
    },

    /** Records the provider's payment for the order (Stripe PaymentIntent id and secret). */
    async attachProviderPayment(
      orderId: string,
      providerReference: string,
      clientSecret: string,
    ): Promise<CreditOrderRow> {
      const [row] = await db
        .update(creditOrders)
        .set({ providerReference, clientSecret })
        .where(eq(creditOrders.id, orderId))
        .returning();
      return row!;
    },

    /** An order that could not be set up with the provider never counts as open. */
    async abandonOrder(orderId: string): Promise<void> {
      await db
        .update(creditOrders)
        .set({ status: 'failed' })
        .where(and(eq(creditOrders.id, orderId), eq(creditOrders.status, 'requires_payment')));
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

    /**
     * The organization's order with its payment, after settling what is due: an unpaid order
     * past its expiry becomes `expired`, a sandbox order past its processing delay is fulfilled.
     */
    async viewOrder(organizationId: string, orderId: string): Promise<OrderView | null> {
      const order = await repo.findOrder(orderId);
      if (!order || order.organizationId !== organizationId) return null;
      if (order.status === 'requires_payment' && order.expiresAt <= new Date()) {
        await db
          .update(creditOrders)
          .set({ status: 'expired' })
          .where(and(eq(creditOrders.id, orderId), eq(creditOrders.status, 'requires_payment')));
      }
      if (order.status === 'processing' && order.provider === 'sandbox') {
        await repo.settleSandboxOrder(orderId);
      }
      const fresh = (await repo.findOrder(orderId))!;
      return { order: fresh, payment: await paymentOf(db, orderId) };
    },

    /**
     * Sandbox confirmation, as a card payment would behave: with a delay the order becomes
     * `processing` and is fulfilled once the delay has passed (by a timer of this process, or
     * by whichever process is asked about it next); without one it is fulfilled at once.
     * Repeating a confirmation changes nothing; a failed order may be paid again.
     */
    async confirmSandbox(
      organizationId: string,
      orderId: string,
      outcome: 'succeeded' | 'failed',
      delayMs: number,
    ): Promise<OrderView | null> {
      const state = await db.transaction(async (tx) => {
        const [order] = await tx
          .select()
          .from(creditOrders)
          .where(eq(creditOrders.id, orderId))
          .for('update');
        if (!order || order.organizationId !== organizationId) return 'missing' as const;
        if (order.status === 'expired') return 'expired' as const;
        if (order.status === 'requires_payment' && order.expiresAt <= new Date()) {
          await tx
            .update(creditOrders)
            .set({ status: 'expired' })
            .where(eq(creditOrders.id, orderId));
          return 'expired' as const;
        }
        const settled =
          order.status === 'succeeded' ||
          order.status === 'processing' ||
          (order.status === 'failed' && outcome === 'failed');
        if (settled) return 'unchanged' as const;
        if (delayMs > 0) {
          await tx
            .update(creditOrders)
            .set({
              status: 'processing',
              sandboxOutcome: outcome,
              fulfilAfter: new Date(Date.now() + delayMs),
            })
            .where(eq(creditOrders.id, orderId));
          return 'processing' as const;
        }
        return 'now' as const;
      });
      if (state === 'missing') return null;
      if (state === 'expired') throw gone(ORDER_EXPIRED_MESSAGE);
      if (state === 'now') await repo.fulfil(sandboxFulfilment(orderId, outcome));
      return repo.viewOrder(organizationId, orderId);
    },

    /** Fulfils a processing sandbox order whose delay has passed; no-op otherwise. */
    async settleSandboxOrder(orderId: string): Promise<void> {
      const [due] = await db
        .select()
        .from(creditOrders)
        .where(
          and(
            eq(creditOrders.id, orderId),
            eq(creditOrders.status, 'processing'),
            eq(creditOrders.provider, 'sandbox'),
            lte(creditOrders.fulfilAfter, sql`now()`),
          ),
        );
      if (!due) return;
      await repo.fulfil(sandboxFulfilment(orderId, due.sandboxOutcome ?? 'succeeded'));
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
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;

function sandboxFulfilment(orderId: string, outcome: 'succeeded' | 'failed'): Fulfilment {
  return {
    orderId,
    providerPaymentId: `sandbox_${orderId}`,
    status: outcome,
    receiptReference: `SBX-${orderId.slice(4, 14).toUpperCase()}`,
  };
}
