/**
 * The payment step with Stripe: Stripe.js is fetched from Stripe only here
 * (`@stripe/stripe-js/pure` loads nothing until asked). If it cannot load, the
 * page says so and stays usable. The wallet is credited by the backend's
 * webhook, never from the browser: once Stripe confirms, the page follows the
 * order until the backend has fulfilled it. A card that needs a redirect
 * (3-D Secure) comes back to this page naming the order, which is followed then.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CreditOrder } from '@contract';
import { usd } from '../shared/format';
import { returnUrl, type PaymentHandlers } from './payment';
import styles from './styles.module.css';

export const STRIPE_LOAD_FAILED =
  'The card payment form could not be loaded (Stripe is unreachable). Check your connection and try again; nothing was charged.';

interface Props extends PaymentHandlers {
  publishableKey: string;
  order: CreditOrder;
}

export default function StripePayment({
  publishableKey,
  order,
  onConfirmed,
  onFailed,
  onCancel,
}: Props): ReactNode {
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed' | 'paying'>('loading');
  const [attempt, setAttempt] = useState(0);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((instance) => {
        if (cancelled) return;
        if (!instance || !order.client_secret || !mountPoint.current) throw new Error('no Stripe');
        const elements = instance.elements({ clientSecret: order.client_secret });
        elements.create('payment').mount(mountPoint.current);
        stripe.current = { stripe: instance, elements };
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [publishableKey, order.client_secret, attempt]);

  const pay = async () => {
    if (!stripe.current) return;
    setStatus('paying');
    setError(null);
    const { error: failure } = await stripe.current.stripe.confirmPayment({
      elements: stripe.current.elements,
      redirect: 'if_required',
      confirmParams: { return_url: returnUrl(order.order_id, window.location) },
    });
    if (failure) {
      setStatus('ready');
      setError(failure.message ?? 'The payment failed.');
      onFailed(failure.message ?? 'The payment failed.');
      return;
    }
    onConfirmed(order);
  };

  return (
    <div className={styles.payment} role="group" aria-label="Card payment">
      <strong>Pay {usd(order.amount_usd)} by card</strong>
      {status === 'loading' && <p className={styles.loading}>Loading the secure payment form…</p>}
      {status === 'failed' && (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => setAttempt((n) => n + 1)}>
              Try again
            </Button>
          }
        >
          {STRIPE_LOAD_FAILED}
        </Alert>
      )}
      <div ref={mountPoint} className={styles.stripeMount} hidden={status === 'failed'} />
      {error && <Alert severity="error">{error}</Alert>}
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={status !== 'ready'}
          aria-busy={status === 'paying'}
          onClick={() => void pay()}
        >
          {status === 'paying' ? 'Paying…' : `Pay ${usd(order.amount_usd)}`}
        </Button>
        <Button onClick={onCancel} disabled={status === 'paying'}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
