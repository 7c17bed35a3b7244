/**
 * `/v1/billing`: auto-recharge and low-balance alert settings, and the saved card that automatic
 * recharges charge (a Stripe SetupIntent, or a sandbox test card locally).
 */
import { RECHARGE_CEILING } from '@contract';
import type { BillingSettings } from '@contract';
import { SANDBOX_CARDS } from '../../billing/service';
import { invalidRequest, conflict, notFound } from '../../lib/errors';
import { centsAmountToMicros, microsToUsd } from '../../lib/money';
import type { OrganizationRow } from '../../repositories/organizations';
import { actorOf, organizationOf } from '../../plugins/access';
import type { V1Context } from '../context';
import type { Handlers } from '../operations';

const usd = (micros: number | null) => (micros === null ? null : microsToUsd(micros));

export function presentBillingSettings(
  org: OrganizationRow,
  today: { count: number; micros: number },
): BillingSettings {
  return {
    auto_recharge: {
      enabled: org.autoRechargeEnabled,
      threshold_usd: usd(org.autoRechargeThresholdMicros),
      amount_usd: usd(org.autoRechargeAmountMicros),
      daily_ceiling: {
        max_recharges: org.autoRechargeDailyMaxCount ?? RECHARGE_CEILING.defaultCount,
        max_amount_usd: usd(org.autoRechargeDailyMaxMicros) ?? RECHARGE_CEILING.defaultAmountUsd,
        today: { recharges: today.count, amount_usd: usd(today.micros)! },
      },
      last_failure:
        org.autoRechargeFailure && org.autoRechargeFailedAt
          ? { message: org.autoRechargeFailure, at: org.autoRechargeFailedAt.toISOString() }
          : null,
    },
    payment_method:
      org.paymentMethodProvider && org.paymentMethodLabel
        ? { provider: org.paymentMethodProvider, label: org.paymentMethodLabel }
        : null,
    low_balance_alert: {
      threshold_usd: usd(org.lowBalanceThresholdMicros),
      below_threshold:
        org.lowBalanceThresholdMicros !== null && org.balanceMicros < org.lowBalanceThresholdMicros,
    },
  };
}

function cents(usdAmount: number, field: string): number {
  const micros = centsAmountToMicros(usdAmount);
  if (micros === null)
    throw invalidRequest(`Invalid request body: ${field} must have at most 2 decimals.`);
  return micros;
}

export function billingHandlers(ctx: V1Context) {
  const present = async (org: OrganizationRow) =>
    presentBillingSettings(org, await ctx.repos.payments.rechargesToday(org.id));

  return {
    getBillingSettings: async (request) => present(organizationOf(request)),

    updateBillingSettings: async (request) => {
      const org = organizationOf(request);
      const { auto_recharge: auto, low_balance_threshold_usd: low } = request.body;
      if (auto?.enabled && !org.paymentMethodId) {
        throw conflict('Save a card first: automatic recharges charge the saved card.');
      }
      const updated = await ctx.repos.organizations.updateBilling(
        org.id,
        {
          ...(auto && {
            autoRecharge: {
              enabled: auto.enabled,
              thresholdMicros: cents(auto.threshold_usd, 'auto_recharge.threshold_usd'),
              amountMicros: cents(auto.amount_usd, 'auto_recharge.amount_usd'),
              ...(auto.daily_ceiling && {
                dailyMaxCount: auto.daily_ceiling.max_recharges,
                dailyMaxMicros: cents(
                  auto.daily_ceiling.max_amount_usd,
                  'auto_recharge.daily_ceiling.max_amount_usd',
                ),
              }),
            },
          }),
          ...(low !== undefined && {
            lowBalanceThresholdMicros:
              low === null ? null : cents(low, 'low_balance_threshold_usd'),
          }),
        },
        actorOf(request),
      );
      return present(updated);
    },

    setUpPaymentMethod: async (request) => {
      const org = organizationOf(request);
      if (ctx.payments.provider === 'sandbox') {
        return { provider: 'sandbox' as const, client_secret: null };
      }
      const setup = await ctx.payments
        .createSetupIntent({
          organizationId: org.id,
          customerId: org.stripeCustomerId,
          email: org.ownerEmail,
          name: org.name,
        })
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'Stripe SetupIntent creation failed');
          throw Object.assign(
            new Error('The payment provider could not be reached. Please try again.'),
            {
              statusCode: 502,
            },
          );
        });
      if (!org.stripeCustomerId) {
        await ctx.repos.organizations.setStripeCustomer(org.id, setup.customerId);
      }
      return { provider: 'stripe' as const, client_secret: setup.clientSecret };
    },

    saveSandboxCard: async (request) => {
      if (ctx.payments.provider !== 'sandbox') {
        throw notFound('Sandbox cards are disabled because Stripe is configured.');
      }
      const org = organizationOf(request);
      const card = SANDBOX_CARDS[request.body.card];
      const saved = await ctx.repos.organizations.savePaymentMethod(
        org.id,
        {
          provider: 'sandbox',
          id: card.id,
          label: card.label,
        },
        actorOf(request),
      );
      return present(saved!);
    },

    deletePaymentMethod: async (request) => {
      const org = organizationOf(request);
      return present(await ctx.repos.organizations.removePaymentMethod(org.id, actorOf(request)));
    },
  } satisfies Partial<Handlers>;
}
