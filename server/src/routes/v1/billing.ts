/**
 * `/v1/billing`: auto-recharge and low-balance alert settings, and the saved card that automatic
 * recharges charge (a Stripe SetupIntent, or a sandbox test card locally).
 */
import { RECHARGE_CEILING } from '@contract';
import {
  BillingSettings,
  BillingSettingsBody,
  PaymentMethodSetup,
  SandboxCardBody,
} from '@contract';
import { SANDBOX_CARDS } from '../../billing/service';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { centsAmountToMicros, microsToUsd } from '../../lib/money';
import type { OrganizationRow } from '../../repositories/organizations';
import { actorOf, organizationOf } from '../../plugins/access';
import { errorResponses, SECURITY, type TypedFastify, type V1Context } from '../context';

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
    throw badRequest(`Invalid request body: ${field} must have at most 2 decimals.`);
  return micros;
}

export async function billingRoutes(app: TypedFastify, ctx: V1Context) {
  const present = async (org: OrganizationRow) =>
    presentBillingSettings(org, await ctx.repos.payments.rechargesToday(org.id));
  const tags = ['Billing'];

  app.get(
    '/billing/settings',
    {
      schema: {
        tags,
        summary: 'Auto-recharge, low-balance alert and saved card',
        security: SECURITY,
        response: { 200: BillingSettings, ...errorResponses(401, 404) },
      },
    },
    async (request) => present(organizationOf(request)),
  );

  app.put(
    '/billing/settings',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Change auto-recharge and the low-balance alert',
        description:
          'Auto-recharge: when a metered call takes the balance below `threshold_usd`, the saved ' +
          'card is charged `amount_usd` (within the purchase limits) once; a failed charge turns ' +
          'it off. A daily ceiling (`daily_ceiling`, default 3 recharges or $1,000 per UTC day) ' +
          'pauses it and e-mails the owner when passed. ' +
          'Turning it on needs a saved card (409 otherwise). Low-balance alert: one ' +
          'e-mail when the balance falls below the threshold, again only after it rose above it.',
        security: SECURITY,
        body: BillingSettingsBody,
        response: { 200: BillingSettings, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/billing/payment-method/setup',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Start saving a card for automatic recharges',
        description:
          'With Stripe: a SetupIntent client secret for the Payment Element; the card is saved ' +
          'when Stripe reports `setup_intent.succeeded` to the webhook. With the sandbox ' +
          'provider: no secret; save a test card with `POST /billing/payment-method/sandbox`.',
        security: SECURITY,
        response: { 200: PaymentMethodSetup, ...errorResponses(401, 404, 413, 415, 502) },
      },
    },
    async (request) => {
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
  );

  app.post(
    '/billing/payment-method/sandbox',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Save a sandbox test card (local stack only, when Stripe is not configured)',
        security: SECURITY,
        body: SandboxCardBody,
        response: { 200: BillingSettings, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
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
  );

  app.delete(
    '/billing/payment-method',
    {
      config: { freshToken: true },
      schema: {
        tags,
        summary: 'Forget the saved card (turns auto-recharge off)',
        security: SECURITY,
        response: { 200: BillingSettings, ...errorResponses(401, 404, 413, 415) },
      },
    },
    async (request) => {
      const org = organizationOf(request);
      return present(await ctx.repos.organizations.removePaymentMethod(org.id, actorOf(request)));
    },
  );
}
