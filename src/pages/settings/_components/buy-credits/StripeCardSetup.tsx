/**
 * Saving a card for automatic recharges with Stripe: `POST billing/payment-method/setup` gives a
 * SetupIntent's client secret, the Payment Element (in `<Elements>`, Stripe's React library)
 * collects the card, `confirmSetup` confirms it. The card is saved by the backend when Stripe
 * reports the SetupIntent (webhook), so the page then reads the settings again until it is
 * there. Stripe.js is fetched only here; when it cannot load, the step says so, offers to try
 * again and stays usable, as the purchase step does.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import { queryClient, unwrap } from '@site/src/api/cache';
import { billingSettingsQuery } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import shared from '../shared/styles.module.css';
import useStripeJs, { STRIPE_LOAD_FAILED } from './useStripeJs';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';

/** How long the page waits for the backend to save a confirmed card, reading every second. */
export const CARD_SAVE_WAIT_MS = 20_000;
const CARD_SAVE_POLL_MS = 1000;

interface Props {
  publishableKey: string;
  onSaved: () => void;
  /** Keep the card already saved (absent when there is none). */
  onCancel?: () => void;
}

/** Reads the settings until the backend shows a saved card, or the wait is over. */
async function waitForSavedCard(): Promise<boolean> {
  const deadline = Date.now() + CARD_SAVE_WAIT_MS;
  while (Date.now() < deadline) {
    const settings = await account.v1('GET /billing/settings');
    if (settings.error_message === undefined && settings.data.payment_method) {
      queryClient.setQueryData(billingSettingsQuery().queryKey, settings.data);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, CARD_SAVE_POLL_MS));
  }
  return false;
}

function CardForm({
  failed,
  onSaved,
  onCancel,
}: Pick<Props, 'onSaved' | 'onCancel'> & { failed: boolean }): ReactNode {
  const stripe = useStripe();
  const elements = useElements();
  const [status, setStatus] = useState<'idle' | 'confirming' | 'saving' | 'late'>('idle');
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!stripe || !elements) return;
    setStatus('confirming');
    setError(null);
    const { error: failure } = await stripe.confirmSetup({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}${window.location.pathname}` },
    });
    if (failure) {
      setStatus('idle');
      setError(failure.message ?? 'The card could not be saved.');
      return;
    }
    setStatus('saving');
    if (await waitForSavedCard()) {
      notify({ severity: 'success', message: 'Your card is saved for automatic recharges.' });
      onSaved();
    } else {
      setStatus('late');
    }
  };
  const busy = status === 'confirming' || status === 'saving';

  return (
    <>
      <div hidden={failed}>
        <PaymentElement className={styles.stripeMount} />
      </div>
      {error && <Alert severity="error">{error}</Alert>}
      <p role="status" className={shared.muted}>
        {status === 'saving' && 'Card confirmed. Saving it…'}
        {status === 'late' &&
          'Card confirmed; it will appear here once Stripe has told us. Reload the page in a moment.'}
      </p>
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={!stripe || !elements || busy}
          aria-busy={busy}
          onClick={() => void save()}
        >
          {busy ? 'Saving…' : 'Save card'}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </>
  );
}

export default function StripeCardSetup({ publishableKey, onSaved, onCancel }: Props): ReactNode {
  // One SetupIntent per visit of this form.
  const setup = useMutation({
    mutationFn: () => account.v1('POST /billing/payment-method/setup').then(unwrap),
  });
  const { mutate } = setup;
  useEffect(() => mutate(), [mutate]);
  const clientSecret = setup.data?.client_secret ?? null;
  const { loading, retry } = useStripeJs(publishableKey, clientSecret);
  const options = useMemo(() => ({ clientSecret: clientSecret ?? undefined }), [clientSecret]);
  // Nothing to mount until the server answered with a secret (its failure is notified).
  const waiting = setup.isPending || (clientSecret === null && !setup.isError);

  return (
    <div className={styles.cardSetup} role="group" aria-label="Card for automatic recharges">
      {(waiting || loading.kind === 'loading') && !setup.isError && (
        <p className={styles.loading}>Loading the secure card form…</p>
      )}
      {(setup.isError || (clientSecret !== null && loading.kind === 'failed')) && (
        <RetryAlert
          message={setup.isError ? setup.error.error_message : STRIPE_LOAD_FAILED}
          onRetry={() => (setup.isError ? mutate() : retry())}
        />
      )}
      {clientSecret !== null && (
        <Elements stripe={loading.kind === 'ready' ? loading.stripe : null} options={options}>
          <CardForm failed={loading.kind === 'failed'} onSaved={onSaved} onCancel={onCancel} />
        </Elements>
      )}
      {clientSecret === null && onCancel && (
        <div className={styles.paymentActions}>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      )}
    </div>
  );
}
