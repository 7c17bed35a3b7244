/**
 * /settings/buy-credits/: current balance, the amount (presets, $5–$10,000),
 * `POST credits {price_in_usd}`, then the payment step (Stripe Payment Element
 * when a publishable key is configured, the sandbox otherwise), the outcome,
 * and the payment log.
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
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import { account, requestBalanceRefresh } from '@site/src/api';
import type { CreditOrder } from '@site/src/api/contract';
import { notify } from '@site/src/components/Notifications';
import { useSiteConfig } from '@site/src/config';
import { usd } from '../shared/format';
import shared from '../shared/styles.module.css';
import { AMOUNT_PRESETS, parseAmount } from './amount';
import PaymentLog from './PaymentLog';
import SandboxPayment, { type PaymentOutcome } from './SandboxPayment';
import styles from './styles.module.css';

// Only buyers with Stripe configured download the Stripe step (and, from it, Stripe.js).
const StripePayment = lazy(
  () => import(/* webpackChunkName: "stripe-payment" */ './StripePayment'),
);

type BalanceState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; amount: number };

type Step =
  | { kind: 'amount' }
  | { kind: 'pay'; order: CreditOrder }
  | { kind: 'done'; outcome: PaymentOutcome; amount: number };

export default function BuyCreditsPanel(): ReactNode {
  const { stripePublishableKey } = useSiteConfig();
  const [balance, setBalance] = useState<BalanceState>({ kind: 'loading' });
  const [amount, setAmount] = useState('25');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'amount' });
  const [logVersion, setLogVersion] = useState(0);

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
    const result = await account.buyCredits(parsed.value);
    setCreating(false);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setOrderError(result.error_message);
      return;
    }
    setStep({ kind: 'pay', order: result.data });
  };

  const finish = (order: CreditOrder) => (outcome: PaymentOutcome) => {
    setStep({ kind: 'done', outcome, amount: order.amount_usd });
    setLogVersion((n) => n + 1);
    if (outcome.kind === 'succeeded') {
      notify({ severity: 'success', message: `${usd(order.amount_usd)} of credits added.` });
      requestBalanceRefresh();
      void loadBalance();
    } else {
      notify({ severity: 'error', message: outcome.message });
    }
  };

  const useStripe =
    step.kind === 'pay' && step.order.provider === 'stripe' && stripePublishableKey !== '';

  return (
    <>
      <section className={shared.card} aria-labelledby="balance-heading">
        <h2 id="balance-heading">Current balance</h2>
        {balance.kind === 'loading' && <p className={styles.balance}>…</p>}
        {balance.kind === 'ready' && (
          <p className={styles.balance} data-testid="current-balance">
            {usd(balance.amount)}
          </p>
        )}
        {balance.kind === 'failed' && <Alert severity="error">{balance.message}</Alert>}
        <p className={shared.muted}>
          Credits are in US dollars. Each API call is charged at its price per call.
        </p>
      </section>

      <section className={shared.card} aria-labelledby="buy-heading">
        <h2 id="buy-heading">Buy credits</h2>
        {step.kind === 'amount' && (
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
            {orderError && (
              <Alert severity="error" role="alert">
                {orderError}
              </Alert>
            )}
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
                onDone={finish(step.order)}
                onCancel={() => setStep({ kind: 'amount' })}
              />
            </Suspense>
          ) : (
            <SandboxPayment
              order={step.order}
              onDone={finish(step.order)}
              onCancel={() => setStep({ kind: 'amount' })}
            />
          ))}
        {step.kind === 'done' && (
          <div className={styles.payment}>
            {step.outcome.kind === 'succeeded' ? (
              <Alert severity="success" role="status">
                Payment received: {usd(step.amount)} of credits were added to your wallet.
              </Alert>
            ) : (
              <Alert severity="error" role="alert">
                Payment failed: {step.outcome.message}
              </Alert>
            )}
            <div className={styles.paymentActions}>
              <Button variant="outlined" onClick={() => setStep({ kind: 'amount' })}>
                {step.outcome.kind === 'succeeded' ? 'Buy more credits' : 'Try again'}
              </Button>
            </div>
          </div>
        )}
      </section>

      <PaymentLog version={logVersion} />
    </>
  );
}
