/**
 * What happens to a wallet between purchases: low-balance alerts and auto-recharge, checked after
 * each metered call from the organization row the call already read (no extra query unless the
 * balance crossed a threshold), and the settings the buy-credits page edits.
 *
 * - Low balance: the first call that leaves the balance below the threshold sets `alerted_at`
 *   (a conditional update, so exactly one wins however many calls cross at once) and that one
 *   sends the e-mail. A purchase that lifts the balance above the threshold re-arms it.
 * - Auto-recharge: the first call below the threshold creates the organization's one open
 *   recharge order (a partial unique index refuses a second) and charges the saved card: an
 *   off-session PaymentIntent with Stripe, the sandbox test card locally. It is fulfilled on the
 *   same path as any purchase. A failed charge turns auto-recharge off and tells the owner.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import { organizations } from '../db/schema';
import { generateId } from '../lib/keys';
import { serializeError } from '../lib/log';
import { microsToCents } from '../lib/money';
import type { PaymentsMode } from '../payments/provider';
import type { Repositories } from '../repositories';
import type { OrganizationRow } from '../repositories/organizations';
import { ceilingMessage } from '../repositories/payments';
import { MESSAGES, type Mailer } from './mailer';
import { publishEvent } from '../services/events';

export const SANDBOX_CARDS = {
  succeeds: { id: 'sandbox_card_succeeds', label: 'Test card ending 4242 (always charged)' },
  declines: { id: 'sandbox_card_declines', label: 'Test card ending 0002 (always declined)' },
} as const;
export const SANDBOX_DECLINE_MESSAGE = 'Your card was declined (sandbox test card ending 0002).';

export interface BillingDeps {
  db: Database;
  repos: Repositories;
  payments: PaymentsMode;
  mailer: Mailer;
  config: Pick<ServerConfig, 'siteUrl' | 'sandboxFulfilmentDelayMs' | 'supportEmail'>;
}

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;

/** Until a server hands over its logger: one JSON line, errors through the log serializer. */
const fallbackLog: Log = {
  error: ((obj: { err?: unknown }, msg: string) =>
    console.error(JSON.stringify({ level: 50, msg, err: serializeError(obj.err) }))) as never,
  warn: ((obj: { err?: unknown }, msg: string) =>
    console.warn(JSON.stringify({ level: 40, msg, err: serializeError(obj.err) }))) as never,
};

export function createBilling(deps: BillingDeps) {
  let log: Log = fallbackLog;
  const pending = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch((error: unknown) =>
      log.error({ err: error }, 'billing follow-up failed'),
    );
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  };

  async function alertLowBalance(organizationId: string) {
    const org = await deps.db.transaction(async (tx) => {
      const [alerted] = await tx
        .update(organizations)
        .set({ lowBalanceAlertedAt: new Date() })
        .where(
          and(
            eq(organizations.id, organizationId),
            isNull(organizations.lowBalanceAlertedAt),
            lt(organizations.balanceMicros, sql`${organizations.lowBalanceThresholdMicros}`),
          ),
        )
        .returning();
      // Webhooks (issue 35): once per fall below the threshold, with the alert it goes with.
      if (alerted && alerted.lowBalanceThresholdMicros !== null) {
        await publishEvent(tx, organizationId, 'balance.low', {
          balance_usd: alerted.balanceMicros / 1_000_000,
          threshold_usd: alerted.lowBalanceThresholdMicros / 1_000_000,
        });
      }
      return alerted;
    });
    if (!org || !org.ownerEmail || org.lowBalanceThresholdMicros === null) return;
    await deps.mailer.send({
      to: org.ownerEmail,
      ...MESSAGES.lowBalance(
        org.name,
        org.balanceMicros,
        org.lowBalanceThresholdMicros,
        deps.config.siteUrl,
      ),
    });
  }

  /** Auto-recharge failed: off, with the reason kept for the page, and an e-mail. */
  async function rechargeFailed(organizationId: string, amountMicros: number, reason: string) {
    const [org] = await deps.db
      .update(organizations)
      .set({
        autoRechargeEnabled: false,
        autoRechargeFailure: reason,
        autoRechargeFailedAt: new Date(),
      })
      .where(eq(organizations.id, organizationId))
      .returning();
    if (org?.ownerEmail) {
      await deps.mailer.send({
        to: org.ownerEmail,
        ...MESSAGES.rechargeFailed(org.name, amountMicros, reason, deps.config.siteUrl),
      });
    }
  }

  async function recharge(organizationId: string) {
    const [org] = await deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (
      !org ||
      !org.autoRechargeEnabled ||
      org.autoRechargeAmountMicros === null ||
      org.autoRechargeThresholdMicros === null ||
      org.balanceMicros >= org.autoRechargeThresholdMicros ||
      !org.paymentMethodId
    ) {
      return;
    }
    const order = await deps.repos.payments.createAutoRechargeOrder({
      id: generateId('ord'),
      organizationId,
      amountMicros: org.autoRechargeAmountMicros,
      provider: deps.payments.provider,
    });
    if (!order) return; // one is already on its way
    if ('ceiling' in order) {
      // The leak circuit-breaker paused auto-recharge: the owner hears of it once, now.
      if (org.ownerEmail) {
        await deps.mailer.send({
          to: org.ownerEmail,
          ...MESSAGES.rechargePaused(org.name, ceilingMessage(order.ceiling), deps.config.siteUrl),
        });
      }
      return;
    }
    if (deps.payments.provider === 'sandbox') {
      if (org.paymentMethodId === SANDBOX_CARDS.declines.id) {
        await deps.repos.payments.fulfil({
          orderId: order.id,
          providerPaymentId: `sandbox_${order.id}`,
          status: 'failed',
          receiptReference: null,
        });
        await rechargeFailed(organizationId, order.amountMicros, SANDBOX_DECLINE_MESSAGE);
        return;
      }
      const delayMs = deps.config.sandboxFulfilmentDelayMs;
      if (delayMs > 0) {
        await deps.repos.payments.markProcessing(order.id, { outcome: 'succeeded', delayMs });
        setTimeout(
          () => track(deps.repos.payments.settleSandboxOrder(order.id)),
          delayMs + 20,
        ).unref();
      } else {
        await deps.repos.payments.fulfil({
          orderId: order.id,
          providerPaymentId: `sandbox_${order.id}`,
          status: 'succeeded',
          receiptReference: `SBX-${order.id.slice(4, 14).toUpperCase()}`,
        });
      }
      return;
    }
    try {
      const charge = await deps.payments.chargeSavedCard({
        orderId: order.id,
        organizationId,
        amountCents: microsToCents(order.amountMicros),
        customerId: org.stripeCustomerId!,
        paymentMethodId: org.paymentMethodId,
      });
      await deps.repos.payments.attachProviderPayment(order.id, charge.providerReference, '');
      await deps.repos.payments.markProcessing(order.id);
    } catch (error) {
      await deps.repos.payments.abandonOrder(order.id);
      const reason =
        (error as { message?: string }).message?.slice(0, 300) ?? 'The card was declined.';
      await rechargeFailed(organizationId, order.amountMicros, reason);
    }
  }

  return {
    /**
     * After a metered call: `org` is the row the call read before it ran, `balanceAfterMicros`
     * the balance its charge left. The follow-up work runs after the answer is sent.
     */
    afterUsage(org: OrganizationRow, balanceAfterMicros: number): void {
      if (
        org.lowBalanceThresholdMicros !== null &&
        org.lowBalanceAlertedAt === null &&
        balanceAfterMicros < org.lowBalanceThresholdMicros
      ) {
        track(alertLowBalance(org.id));
      }
      if (
        org.autoRechargeEnabled &&
        org.autoRechargeThresholdMicros !== null &&
        balanceAfterMicros < org.autoRechargeThresholdMicros
      ) {
        track(recharge(org.id));
      }
    },

    /** The leak circuit-breaker paused a key: one e-mail to the owner, after the answer. */
    keyPaused(
      org: OrganizationRow,
      key: { name: string; prefix: string; last4: string },
      daySpendMicros: number,
      trailingMicros: number,
    ): void {
      if (!org.ownerEmail) return;
      track(
        deps.mailer.send({
          to: org.ownerEmail,
          ...MESSAGES.keyPaused(
            org.name,
            `${key.name} (${key.prefix}…${key.last4})`,
            daySpendMicros,
            trailingMicros,
            deps.config.siteUrl,
          ),
        }),
      );
    },

    /** A Stripe-reported failure of an automatic charge. */
    rechargeFailed: (organizationId: string, amountMicros: number, reason: string) =>
      rechargeFailed(organizationId, amountMicros, reason),

    /** Sends a feedback or contact message to the support inbox; never fails the caller. */
    async forwardFeedback(message: {
      from: string | null;
      subject: string;
      body: string;
      pageId: string;
      organization: string | null;
    }) {
      try {
        await deps.mailer.send({
          to: deps.config.supportEmail,
          replyTo: message.from ?? undefined,
          subject: `[Feedback] ${message.subject}`,
          text: [
            message.body,
            '',
            `Page: ${message.pageId}`,
            `From: ${message.from ?? 'unknown'}${message.organization ? ` (${message.organization})` : ''}`,
          ].join('\n'),
        });
      } catch (error) {
        log.warn({ err: error }, 'feedback stored but not e-mailed');
      }
    },

    /** Log follow-up failures through the server's logger (redaction and serializers). */
    useLogger(logger: Log) {
      log = logger;
    },

    /** Resolves once every follow-up started so far has finished (tests, shutdown). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
export type Billing = ReturnType<typeof createBilling>;
