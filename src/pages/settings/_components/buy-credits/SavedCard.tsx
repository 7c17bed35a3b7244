/**
 * The card automatic recharges charge. With Stripe: the Payment Element in setup mode (a
 * SetupIntent; the card is saved when Stripe tells the backend), its own chunk with Stripe.js.
 * Without Stripe (the local stack): a sandbox test card that is always charged or always
 * declined, clearly marked as test mode.
 */
import Button from '@mui/material/Button';
import TestModeChip from './TestModeChip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { BillingSettings, SandboxCardBody } from '@contract/billing';
import { account } from '@site/src/api';
import { queryClient, unwrap } from '@site/src/api/cache';
import { billingSettingsQuery } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import { useSiteConfig } from '@site/src/config';
import shared from '../shared/styles.module.css';
import styles from './styles.module.css';

const StripeCardSetup = lazy(
  () => import(/* webpackChunkName: "stripe-payment" */ './StripeCardSetup'),
);

/** The sandbox's test cards, as the picker offers them. */
export const SANDBOX_CARD_OPTIONS: { card: SandboxCardBody['card']; label: string }[] = [
  { card: 'succeeds', label: 'Always charged (test card ending 4242)' },
  { card: 'declines', label: 'Always declined (test card ending 0002)' },
];

/** Keeps the settings the server answered with: the page shows them at once. */
export function showSettings(settings: BillingSettings): void {
  queryClient.setQueryData(billingSettingsQuery().queryKey, settings);
}

function SandboxCardPicker({ onDone }: { onDone: () => void }): ReactNode {
  const [card, setCard] = useState<SandboxCardBody['card']>('succeeds');
  const labelId = useId();
  const save = useMutation({
    mutationFn: (body: SandboxCardBody) =>
      account.v1('POST /billing/payment-method/sandbox', { body }).then(unwrap),
    onSuccess: (settings) => {
      showSettings(settings);
      notify({
        severity: 'success',
        message: `Saved: ${settings.payment_method?.label ?? 'card'}.`,
      });
      onDone();
    },
  });
  return (
    <div className={styles.cardSetup} role="group" aria-label="Test card">
      <div className={styles.paymentHeader}>
        <TestModeChip />
        <span>Card payments are not configured: recharges charge a sandbox test card.</span>
      </div>
      <FormControl disabled={save.isPending}>
        <FormLabel id={labelId}>Test card</FormLabel>
        <RadioGroup
          aria-labelledby={labelId}
          value={card}
          onChange={(event) => setCard(event.target.value as SandboxCardBody['card'])}
        >
          {SANDBOX_CARD_OPTIONS.map((option) => (
            <FormControlLabel
              key={option.card}
              value={option.card}
              control={<Radio size="small" />}
              label={option.label}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <div className={styles.paymentActions}>
        <Button
          variant="contained"
          disableElevation
          disabled={save.isPending}
          aria-busy={save.isPending}
          onClick={() => save.mutate({ card })}
        >
          {save.isPending ? 'Saving…' : 'Save test card'}
        </Button>
      </div>
    </div>
  );
}

export default function SavedCard({ settings }: { settings: BillingSettings }): ReactNode {
  const { stripePublishableKey } = useSiteConfig();
  const saved = settings.payment_method;
  const [changing, setChanging] = useState(false);
  const remove = useMutation({
    mutationFn: () => account.v1('DELETE /billing/payment-method').then(unwrap),
    onSuccess: (next) => {
      showSettings(next);
      notify({ severity: 'success', message: 'The saved card is removed.' });
    },
  });
  const adding = saved === null || changing;
  const byStripe = stripePublishableKey !== '';

  return (
    <div className={styles.savedCard}>
      <h3 className={styles.subheading}>Saved card</h3>
      {saved ? (
        <div className={shared.row}>
          <span data-testid="saved-card">{saved.label}</span>
          {!changing && (
            <Button size="small" variant="outlined" onClick={() => setChanging(true)}>
              Change card
            </Button>
          )}
          <Button
            size="small"
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            Remove card
          </Button>
        </div>
      ) : (
        <p className={shared.muted}>No card saved yet.</p>
      )}
      {adding && !byStripe && <SandboxCardPicker onDone={() => setChanging(false)} />}
      {adding && byStripe && (
        <Suspense fallback={<p className={shared.muted}>Loading the card form…</p>}>
          <StripeCardSetup
            publishableKey={stripePublishableKey}
            onSaved={() => setChanging(false)}
            onCancel={saved ? () => setChanging(false) : undefined}
          />
        </Suspense>
      )}
    </div>
  );
}
