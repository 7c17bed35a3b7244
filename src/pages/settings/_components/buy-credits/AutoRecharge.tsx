/**
 * Automatic recharge: when a metered call takes the balance below the threshold, the backend
 * charges the saved card the chosen amount, once (`PUT billing/settings`). Turning it on needs a
 * saved card. A failed charge turns it off; the page says so, with the reason, until it is turned
 * on again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { BillingSettings, BillingSettingsBody } from '@contract/billing';
import { CREDIT_PURCHASE_LIMITS } from '@contract/limits';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import FormTextField from '@site/src/components/FormTextField';
import { notify } from '@site/src/components/Notifications';
import { grouped } from '@site/src/format/numbers';
import { lazyResolver } from '@site/src/forms/resolver';
import { longLocalDate, usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import type { AutoRechargeValues } from './billing';
import SavedCard, { showSettings } from './SavedCard';
import styles from './styles.module.css';

// The contract's checks, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './billing').then(
    (checks) => checks.checkAutoRecharge,
  ),
);

/** What the form starts from before anything is saved. */
export const AUTO_RECHARGE_DEFAULTS = { threshold: 5, amount: 25 } as const;

function valuesOf(settings: BillingSettings): AutoRechargeValues {
  const { enabled, threshold_usd, amount_usd } = settings.auto_recharge;
  return {
    enabled,
    threshold: String(threshold_usd ?? AUTO_RECHARGE_DEFAULTS.threshold),
    amount: String(amount_usd ?? AUTO_RECHARGE_DEFAULTS.amount),
  };
}

export default function AutoRecharge({ settings }: { settings: BillingSettings }): ReactNode {
  const form = useForm<AutoRechargeValues, unknown, BillingSettingsBody>({
    defaultValues: valuesOf(settings),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const switchHelpId = useId();
  const hasCard = settings.payment_method !== null;
  const failure = settings.auto_recharge.last_failure;

  // The server's answer (a failure turned it off, a card was removed) is what the form shows.
  const { reset } = form;
  const saved = JSON.stringify(valuesOf(settings));
  useEffect(() => reset(JSON.parse(saved) as AutoRechargeValues), [saved, reset]);

  const save = useMutation({
    mutationFn: (body: BillingSettingsBody) =>
      account.v1('PUT /billing/settings', { body }).then(unwrap),
    onSuccess: (next) => {
      showSettings(next);
      const { enabled, threshold_usd, amount_usd } = next.auto_recharge;
      notify({
        severity: 'success',
        message: enabled
          ? `Automatic recharge is on: when your balance falls below ${usdCents(threshold_usd ?? 0)}, your card is charged ${usdCents(amount_usd ?? 0)}.`
          : 'Automatic recharge is off.',
      });
    },
  });
  const busy = save.isPending;
  const enabled = form.watch('enabled');

  return (
    <section className={shared.card} aria-labelledby="auto-recharge-heading">
      <h2 id="auto-recharge-heading">Automatic recharge</h2>
      <p className={shared.muted}>
        Never run out in the middle of a job: when an API call takes your balance below the
        threshold, your saved card is charged the amount you choose, once, and the credits are added
        like any purchase.
      </p>
      {failure && (
        <Alert severity="error" className={styles.failure}>
          <strong>The last automatic recharge failed</strong> ({longLocalDate(failure.at)}):{' '}
          {failure.message} Automatic recharge was turned off. Save a card that works, then turn it
          on again.
        </Alert>
      )}

      <SavedCard settings={settings} />

      <form
        className={styles.settingsForm}
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      >
        <div>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel
                label="Recharge automatically"
                control={
                  <Switch
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    disabled={busy || (!hasCard && !field.value)}
                    slotProps={{
                      input: {
                        ref: field.ref,
                        'aria-describedby': hasCard ? undefined : switchHelpId,
                      },
                    }}
                  />
                }
              />
            )}
          />
          {!hasCard && (
            <FormHelperText id={switchHelpId} className={styles.switchHelp}>
              Save a card first: automatic recharges charge it.
            </FormHelperText>
          )}
        </div>
        <div className={styles.amountRow}>
          <FormTextField
            form={form}
            name="threshold"
            id="auto-recharge-threshold"
            label="When the balance falls below (USD)"
            size="small"
            helperText="From $0 to $10,000"
            disabled={busy}
            usd
          />
          <FormTextField
            form={form}
            name="amount"
            id="auto-recharge-amount"
            label="Each recharge buys (USD)"
            size="small"
            helperText={`From $${grouped(CREDIT_PURCHASE_LIMITS.minUsd)} to $${grouped(CREDIT_PURCHASE_LIMITS.maxUsd)}`}
            disabled={busy}
            usd
          />
        </div>
        <div>
          <Button
            type="submit"
            variant="contained"
            disableElevation
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Saving…' : 'Save automatic recharge'}
          </Button>
        </div>
        <p className={shared.muted} role="status">
          {settings.auto_recharge.enabled && !enabled
            ? 'Save to turn automatic recharge off.'
            : settings.auto_recharge.enabled
              ? `On: below ${usdCents(settings.auto_recharge.threshold_usd ?? 0)}, your card is charged ${usdCents(settings.auto_recharge.amount_usd ?? 0)}.`
              : 'Off.'}
        </p>
      </form>
    </section>
  );
}
