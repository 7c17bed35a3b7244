/**
 * /settings/buy-credits/: current balance, the amount (presets, $5–$10,000),
 * `POST credits {price_in_usd}`, then the payment step (Stripe Payment Element
 * when a publishable key is configured, the sandbox otherwise), then the
 * order followed until the backend has fulfilled it, and the payment log.
 * Buying needs a verified e-mail address (receipts go there): until it is
 * verified the page says so and offers to send the link again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { account, requestBalanceRefresh } from '@site/src/api';
import type { CreditOrder } from '@contract';
import type { AccountContext } from '@site/src/components/AccountPage';
import EmailVerificationBanner from '@site/src/components/EmailVerificationBanner';
import { notify } from '@site/src/components/Notifications';
import { useSiteConfig } from '@site/src/config';
import { usd } from '../shared/format';
import shared from '../shared/styles.module.css';
import { AMOUNT_PRESETS, parseAmount } from './amount';
import BalanceCard, { type BalanceState } from './BalanceCard';
import { isPayable, readProviderReturn } from './payment';
import PaymentLog from './PaymentLog';
import PurchaseStatus from './PurchaseStatus';
import SandboxPayment from './SandboxPayment';
import useOrderFulfilment, { type Fulfilment } from './useOrderFulfilment';
import styles from './styles.module.css';

// Only buyers with Stripe configured download the Stripe step (and, from it, Stripe.js).
const StripePayment = lazy(
  () => import(/* webpackChunkName: "stripe-payment" */ './StripePayment'),
);

export const EMAIL_REQUIRED_REASON =
  'Buying credits needs a verified e-mail address: receipts and payment notices are sent there.';

type Step = { kind: 'amount' } | { kind: 'pay'; order: CreditOrder } | { kind: 'outcome' };

export default function BuyCreditsPanel({ emailVerification }: AccountContext): ReactNode {
  const { stripePublishableKey } = useSiteConfig();
  const [balance, setBalance] = useState<BalanceState>({ kind: 'loading' });
  const [amount, setAmount] = useState('25');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [logVersion, setLogVersion] = useState(0);
  // The last order not paid yet: going back and paying the same amount reuses it, so a
  // hesitant buyer does not run into the cap on unpaid orders.
  const unpaid = useRef<CreditOrder | null>(null);

  const loadBalance = useCallback(async () => {
    const result = await account.getBalance();
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setBalance({ kind: 'failed', message: result.error_message });
    } else {
      setBalance({ kind: 'ready', amount: result.data.remaining_credits });
    }
  }, []);

  useEffect(() => {
    void loadBalance();
  }, [loadBalance]);

  const onSettled = useCallback(
    (fulfilment: Fulfilment) => {
      setLogVersion((n) => n + 1);
      if (fulfilment.kind === 'succeeded') {
        unpaid.current = null;
        notify({
          severity: 'success',
          message: `${usd(fulfilment.order.amount_usd)} of credits added.`,
        });
        requestBalanceRefresh();
        void loadBalance();
      } else if (fulfilment.kind === 'failed') {
        notify({ severity: 'error', message: fulfilment.message });
      } else if (fulfilment.kind === 'timeout') {
        unpaid.current = null;
        notify({
          severity: 'warning',
          message:
            'Your payment is still being processed. The credits will appear when it completes.',
        });
      }
    },
    [loadBalance],
  );
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
    void account.getCreditOrder(back.orderId).then((result) => {
      if (result.error_message !== undefined) fail(result.error_message);
      else track(result.data);
    });
  }, [fail, track]);

  /** The order to pay: the unpaid one if it is for this amount and still payable, else a new one. */
  const orderFor = async (value: number) => {
    const previous = unpaid.current;
    if (previous && previous.amount_usd === value) {
      const fresh = await account.getCreditOrder(previous.order_id);
      if (fresh.error_message === undefined && isPayable(fresh.data)) return fresh;
    }
    return account.buyCredits(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAmount(amount);
    if ('error' in parsed) {
      setAmountError(parsed.error);
      return;
    }
    setAmountError(null);
    setOrderError(null);
    setCreating(true);
    const result = await orderFor(parsed.value);
    setCreating(false);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setOrderError(result.error_message);
      // Refused because the address is not verified: show why and how to fix it.
      if (result.status === 403) emailVerification.refresh();
      return;
    }
    unpaid.current = result.data;
    setStep({ kind: 'pay', order: result.data });
  };

  const confirmed = (order: CreditOrder) => {
    setStep({ kind: 'outcome' });
    track(order);
  };
  const failed = (message: string) => {
    setStep({ kind: 'outcome' });
    fail(message);
  };
  const startOver = () => {
    reset();
    setStep({ kind: 'amount' });
  };

  // A refusal for an unverified address is resolved once the address is verified.
  const verification = emailVerification.status;
  useEffect(() => {
    if (verification === 'verified') setOrderError(null);
  }, [verification]);

  const useStripe =
    step.kind === 'pay' && step.order.provider === 'stripe' && stripePublishableKey !== '';
  const mayBuy = verification === 'verified' || verification === 'failed';

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
          <form onSubmit={(event) => void submit(event)} noValidate className={styles.amountForm}>
            <div className={styles.presets} role="group" aria-label="Preset amounts">
              {AMOUNT_PRESETS.map((preset) => (
                <Button
                  key={preset}
                  variant={amount === String(preset) ? 'contained' : 'outlined'}
                  disableElevation
                  aria-pressed={amount === String(preset)}
                  onClick={() => {
                    setAmount(String(preset));
                    setAmountError(null);
                  }}
                >
                  ${preset}
                </Button>
              ))}
            </div>
            <div className={styles.amountRow}>
              <TextField
                id="credit-amount"
                label="Amount (USD)"
                size="small"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  if (amountError) setAmountError(null);
                }}
                error={Boolean(amountError)}
                helperText={amountError ?? 'From $5 to $10,000'}
                disabled={creating}
                slotProps={{
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
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
        {step.kind === 'pay' &&
          (useStripe ? (
            <Suspense fallback={<p className={shared.muted}>Loading the payment form…</p>}>
              <StripePayment
                publishableKey={stripePublishableKey}
                order={step.order}
                onConfirmed={confirmed}
                onFailed={failed}
                onCancel={startOver}
              />
            </Suspense>
          ) : (
            <SandboxPayment
              order={step.order}
              onConfirmed={confirmed}
              onFailed={failed}
              onCancel={startOver}
            />
          ))}
        <PurchaseStatus
          fulfilment={fulfilment}
          onBuyMore={startOver}
          onRetry={startOver}
          onCheckAgain={() => fulfilment.kind === 'timeout' && track(fulfilment.order)}
        />
      </section>

      <PaymentLog version={logVersion} />
    </>
  );
}
