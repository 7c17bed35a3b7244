/**
 * /settings/buy-credits/: current balance, the amount (presets, $5–$10,000),
 * `POST credits {price_in_usd}`, then the payment step (Stripe Payment Element
 * when a publishable key is configured, the sandbox otherwise), then the
 * order followed until the backend has fulfilled it; automatic recharge with a
 * saved card and the low-balance alert; and the payment log with its invoices.
 * Buying needs a verified e-mail address (receipts go there): until it is
 * verified the page says so and offers to send the link again.
 *
 * Focus: "Continue to payment" moves it to the payment step, a confirmed (or failed) payment to
 * its status, Cancel back to the amount.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { account } from '@site/src/api';
import { queryClient, unwrap } from '@site/src/api/cache';
import {
  balanceQuery,
  creditOrderQuery,
  invalidatePayments,
  invalidateWallet,
  loadable,
} from '@site/src/api/queries';
import { roleMay, type CreditOrder } from '@contract';
import type { AccountContext } from '@site/src/components/AccountPage';
import EmailVerificationBanner from '@site/src/components/EmailVerificationBanner';
import FormTextField from '@site/src/components/FormTextField';
import { notify } from '@site/src/components/Notifications';
import { useSiteConfig } from '@site/src/config';
import { lazyResolver } from '@site/src/forms/resolver';
import { usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import type { AmountValues } from './amount';
import BalanceCard from './BalanceCard';
import BillingSettingsCards from './BillingSettingsCards';
import { isPayable, readProviderReturn } from './payment';
import PaymentLog from './PaymentLog';
import PurchaseStatus from './PurchaseStatus';
import useOrderFulfilment, { type Fulfilment } from './useOrderFulfilment';
import styles from './styles.module.css';

// The payment step is loaded when the buyer reaches it; only buyers with Stripe configured
// download the Stripe step (and, from it, Stripe.js).
const StripePayment = lazy(
  () => import(/* webpackChunkName: "stripe-payment" */ './StripePayment'),
);
const SandboxPayment = lazy(() => import('./SandboxPayment'));

// The contract's check of the amount, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './amount').then((checks) => checks.checkAmount),
);

export const AMOUNT_PRESETS = [10, 25, 50, 100, 500] as const;

export const EMAIL_REQUIRED_REASON =
  'Buying credits needs a verified e-mail address: receipts and payment notices are sent there.';

type Step = { kind: 'amount' } | { kind: 'pay'; order: CreditOrder } | { kind: 'outcome' };

export default function BuyCreditsPanel({
  emailVerification,
  organization,
}: AccountContext): ReactNode {
  const role = organization.role ?? 'viewer';
  const { stripePublishableKey } = useSiteConfig();
  const balanceEntry = loadable(useQuery(balanceQuery()));
  const form = useForm<AmountValues, unknown, number>({
    defaultValues: { amount: '25' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const amount = form.watch('amount');
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  // The last order not paid yet: going back and paying the same amount reuses it, so a
  // hesitant buyer does not run into the cap on unpaid orders.
  const [unpaid, setUnpaid] = useState<CreditOrder | null>(null);

  const onSettled = useCallback((fulfilment: Fulfilment) => {
    void invalidatePayments();
    if (fulfilment.kind === 'succeeded') {
      setUnpaid(null);
      notify({
        severity: 'success',
        message: `${usdCents(fulfilment.order.amount_usd)} of credits added.`,
      });
      // The balance here, the navbar chip's, the organization's wallet and the usage.
      void invalidateWallet();
    } else if (fulfilment.kind === 'failed') {
      notify({ severity: 'error', message: fulfilment.message });
    } else if (fulfilment.kind === 'timeout') {
      setUnpaid(null);
      notify({
        severity: 'warning',
        message:
          'Your payment is still being processed. The credits will appear when it completes.',
      });
    }
  }, []);
  const { fulfilment, track, fail, reset } = useOrderFulfilment(onSettled);

  // Back from the provider's redirect (3-D Secure): follow the order it names.
  useEffect(() => {
    const back = readProviderReturn(window.location.search);
    if (!back) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    setStep({ kind: 'outcome' });
    if (back.failed) {
      fail('The card payment was not completed. Nothing was charged.');
      return;
    }
    queryClient
      .fetchQuery(creditOrderQuery(back.orderId))
      .then(track, (error: Error) => fail(error.message));
  }, [fail, track]);

  /** The order to pay: the unpaid one if it is for this amount and still payable, else a new one. */
  const order = useMutation({
    mutationFn: async (value: number) => {
      if (unpaid && unpaid.amount_usd === value) {
        const fresh = await account.getCreditOrder(unpaid.order_id);
        if (fresh.error_message === undefined && isPayable(fresh.data)) return fresh.data;
      }
      return unwrap(await account.buyCredits(value));
    },
    onSuccess: (created) => {
      setUnpaid(created);
      setStep({ kind: 'pay', order: created });
    },
    // Refused because the address is not verified: show why and how to fix it.
    onError: (error) => {
      if (error.status === 403) emailVerification.refresh();
    },
  });
  const creating = order.isPending;
  const orderError = order.error?.error_message ?? null;

  const confirmed = (paid: CreditOrder) => {
    setStep({ kind: 'outcome' });
    track(paid);
  };
  const failed = (message: string) => {
    setStep({ kind: 'outcome' });
    fail(message);
  };
  // Back at the amount (Cancel, Buy more, Try again): the focus goes to it.
  const [focusAmount, setFocusAmount] = useState(false);
  const startOver = () => {
    reset();
    setStep({ kind: 'amount' });
    setFocusAmount(true);
  };
  const { setFocus } = form;
  useEffect(() => {
    if (!focusAmount || step.kind !== 'amount') return;
    setFocusAmount(false);
    setFocus('amount');
  }, [focusAmount, step.kind, setFocus]);

  // A refusal for an unverified address is resolved once the address is verified.
  const verification = emailVerification.status;
  const { reset: clearOrderError } = order;
  useEffect(() => {
    if (verification === 'verified') clearOrderError();
  }, [verification, clearOrderError]);

  const payByCard =
    step.kind === 'pay' && step.order.provider === 'stripe' && stripePublishableKey !== '';
  const mayBuy = verification === 'verified' || verification === 'failed';
  const balance =
    balanceEntry.kind === 'ready'
      ? {
          kind: 'ready' as const,
          amount: balanceEntry.data.remaining_credits,
          belowThreshold: balanceEntry.data.below_threshold
            ? balanceEntry.data.low_balance_threshold_usd
            : null,
        }
      : balanceEntry;

  // A member whose role may not buy sees the balance, and what their role may read, and why.
  if (!roleMay('POST /credits', role)) {
    return (
      <>
        <BalanceCard balance={balance} />
        <section className={shared.card} aria-labelledby="buy-heading">
          <h2 id="buy-heading">Buy credits</h2>
          <p>
            Buying credits needs the owner, admin or billing role; your role in {organization.name}{' '}
            is {role}. Ask an owner or admin of the organization.
          </p>
        </section>
        {roleMay('GET /billing/settings', role) ? <BillingSettingsCards /> : null}
        {roleMay('GET /credits/payments', role) ? <PaymentLog /> : null}
      </>
    );
  }

  return (
    <>
      <BalanceCard balance={balance} />

      <section className={shared.card} aria-labelledby="buy-heading">
        <h2 id="buy-heading">Buy credits</h2>
        {step.kind === 'amount' && orderError && (
          // Outside the form: a refusal for an unverified address stays next to the banner.
          <Alert severity="error" role="alert" className={styles.orderError}>
            {orderError}
          </Alert>
        )}
        {step.kind === 'amount' && verification === 'checking' && (
          <p className={shared.muted}>Checking your e-mail address…</p>
        )}
        {step.kind === 'amount' && (verification === 'unverified' || verification === 'failed') && (
          <EmailVerificationBanner
            verification={emailVerification}
            reason={EMAIL_REQUIRED_REASON}
          />
        )}
        {step.kind === 'amount' && mayBuy && (
          <form
            onSubmit={(event) => void form.handleSubmit((value) => order.mutate(value))(event)}
            noValidate
            className={styles.amountForm}
          >
            <div className={styles.presets} role="group" aria-label="Preset amounts">
              {AMOUNT_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  variant={amount === String(preset) ? 'contained' : 'outlined'}
                  disableElevation
                  aria-pressed={amount === String(preset)}
                  onClick={() => {
                    form.setValue('amount', String(preset));
                    form.clearErrors('amount');
                  }}
                >
                  ${preset}
                </Button>
              ))}
            </div>
            <div className={styles.amountRow}>
              <FormTextField
                form={form}
                name="amount"
                id="credit-amount"
                label="Amount (USD)"
                size="small"
                helperText="From $5 to $10,000"
                disabled={creating}
                usd
              />
              <Button
                type="submit"
                variant="contained"
                disableElevation
                disabled={creating}
                aria-busy={creating}
              >
                {creating ? 'Preparing…' : 'Continue to payment'}
              </Button>
            </div>
          </form>
        )}
        {step.kind === 'pay' && (
          <Suspense fallback={<p className={shared.muted}>Loading the payment form…</p>}>
            {payByCard ? (
              <StripePayment
                publishableKey={stripePublishableKey}
                order={step.order}
                onConfirmed={confirmed}
                onFailed={failed}
                onCancel={startOver}
              />
            ) : (
              <SandboxPayment
                order={step.order}
                onConfirmed={confirmed}
                onFailed={failed}
                onCancel={startOver}
              />
            )}
          </Suspense>
        )}
        <PurchaseStatus
          fulfilment={fulfilment}
          onBuyMore={startOver}
          onRetry={startOver}
          onCheckAgain={() => fulfilment.kind === 'timeout' && track(fulfilment.order)}
        />
      </section>

      <BillingSettingsCards />

      <PaymentLog />
    </>
  );
}
