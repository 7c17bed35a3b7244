/** Credit orders, from creation to the provider's payment. */
import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { OPEN_ORDER_LIMITS, RECHARGE_CEILING } from '@contract';
import type { Database } from '../../db/client';
import { creditOrders, organizations } from '../../db/schema';
import { ApiError, gone, invalidRequest } from '../../lib/errors';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit';
import {
  ceilingMessage,
  paymentOf,
  rechargesToday,
  sandboxFulfilment,
  OPEN_STATUSES,
  ORDER_EXPIRED_MESSAGE,
  type CreditOrderRow,
  type Fulfilment,
  type FulfilmentResult,
  type OrderView,
  type RechargeCeiling,
} from './shared';

/** What the orders need of the payments: the one way a purchase reaches a wallet. */
export interface OrderSettlement {
  fulfil(f: Fulfilment): Promise<FulfilmentResult>;
}

/**
 * Credit orders: created under the open-order cap, marked processing, attached to the
 * provider's payment, read (settling a sandbox order that is due) and confirmed in the sandbox.
 */
export function ordersRepository(db: Database, settlement: OrderSettlement) {
  const repo = {
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
      if (state === 'now') await settlement.fulfil(sandboxFulfilment(orderId, outcome));
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
      await settlement.fulfil(sandboxFulfilment(orderId, due.sandboxOutcome ?? 'succeeded'));
    },
  };
  return repo;
}
