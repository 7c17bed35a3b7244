/**
 * The payment step with Stripe, through Stripe's React library: `<Elements>` around a
 * `<PaymentElement>`, confirmed with `useStripe`/`useElements`. Stripe.js is fetched from Stripe
 * only here (`@stripe/stripe-js/pure` loads nothing until asked), and this module is its own
 * chunk, downloaded only when a publishable key is configured. If Stripe.js cannot load, the page
 * says so and stays usable. The wallet is credited by the backend's webhook, never from the
 * browser: once Stripe confirms, the page follows the order until the backend has fulfilled it.
 * A card that needs a redirect (3-D Secure) comes back to this page naming the order, which is
 * followed then.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CreditOrder } from '@contract';
import { usdCents } from '../shared/format';
import { returnUrl, type PaymentHandlers } from './payment';
import useStripeJs, { STRIPE_LOAD_FAILED } from './useStripeJs';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';

export { STRIPE_LOAD_FAILED } from './useStripeJs';

interface Props extends PaymentHandlers {
  publishableKey: string;
  order: CreditOrder;
}

/**
 * Inside <Elements>: the Payment Element and the button that confirms it, enabled once Stripe.js
 * has loaded (until then `useStripe()` is null).
 */
function CardForm({
  order,
  failed,
  onConfirmed,
  onFailed,
  onCancel,
}: PaymentHandlers & { order: CreditOrder; failed: boolean }): ReactNode {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const pay = async () => {
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    const { error: failure } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl(order.order_id, window.location) },
    });
    setPaying(false);
    if (failure) {
      const message = failure.message ?? 'The payment failed.';
      setError(message);
      onFailed(message);
      return;
    }
    onConfirmed(order);
  };

  return (
    <>
      <div hidden={failed}>
        <PaymentElement className={styles.stripeMount} />
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={!stripe || !elements || paying}
          aria-busy={paying}
          onClick={() => void pay()}
        >
          {paying ? 'Paying…' : `Pay ${usdCents(order.amount_usd)}`}
        </Button>
        <Button onClick={onCancel} disabled={paying}>
          Cancel
        </Button>
      </div>
    </>
  );
}

export default function StripePayment({
  publishableKey,
  order,
  onConfirmed,
  onFailed,
  onCancel,
}: Props): ReactNode {
  const clientSecret = order.client_secret;
  const options = useMemo(() => ({ clientSecret: clientSecret ?? undefined }), [clientSecret]);
  const { loading, retry } = useStripeJs(publishableKey, clientSecret);
  // The buyer chose to continue to payment: this step is where they are now.
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);

  return (
    <div ref={ref} tabIndex={-1} className={styles.payment} role="group" aria-label="Card payment">
      <strong>Pay {usdCents(order.amount_usd)} by card</strong>
      {loading.kind === 'loading' && (
        <p className={styles.loading}>Loading the secure payment form…</p>
      )}
      {loading.kind === 'failed' && <RetryAlert message={STRIPE_LOAD_FAILED} onRetry={retry} />}
      {/* Stripe's library takes the instance once it has loaded (null until then). */}
      <Elements stripe={loading.kind === 'ready' ? loading.stripe : null} options={options}>
        <CardForm
          order={order}
          failed={loading.kind === 'failed'}
          onConfirmed={onConfirmed}
          onFailed={onFailed}
          onCancel={onCancel}
        />
      </Elements>
    </div>
  );
}
