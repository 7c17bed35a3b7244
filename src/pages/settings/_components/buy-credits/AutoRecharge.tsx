/**
 * Automatic recharge: when a metered call takes the balance below the threshold, the backend
 * charges the saved card the chosen amount, once (`PUT billing/settings`), up to a daily ceiling
 * of recharges and amount (the leak circuit-breaker: past it auto-recharge pauses and the owner is
 * e-mailed). Turning it on needs a saved card. A failed charge turns it off; the page says so,
 * with the reason, until it is turned on again.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  RECHARGE_CEILING,
  type BillingSettings,
  type BillingSettingsBody,
} from '@contract/billing';
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

/** The daily ceiling as the server has it (its defaults for an answer that lacks it). */
function ceilingOf(settings: BillingSettings): BillingSettings['auto_recharge']['daily_ceiling'] {
  return (
    settings.auto_recharge.daily_ceiling ?? {
      max_recharges: RECHARGE_CEILING.defaultCount,
      max_amount_usd: RECHARGE_CEILING.defaultAmountUsd,
      today: { recharges: 0, amount_usd: 0 },
    }
  );
}

function valuesOf(settings: BillingSettings): AutoRechargeValues {
  const { enabled, threshold_usd, amount_usd } = settings.auto_recharge;
  const ceiling = ceilingOf(settings);
  return {
    enabled,
    threshold: String(threshold_usd ?? AUTO_RECHARGE_DEFAULTS.threshold),
    amount: String(amount_usd ?? AUTO_RECHARGE_DEFAULTS.amount),
    maxRecharges: String(ceiling.max_recharges),
    maxAmount: String(ceiling.max_amount_usd),
  };
}

const recharges = (n: number) => `${grouped(n)} ${n === 1 ? 'recharge' : 'recharges'}`;

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
  const ceiling = ceilingOf(settings);
  const ceilingHelpId = useId();

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
      const { max_recharges, max_amount_usd } = ceilingOf(next);
      notify({
        severity: 'success',
        message: enabled
          ? `Automatic recharge is on: when your balance falls below ${usdCents(threshold_usd ?? 0)}, your card is charged ${usdCents(amount_usd ?? 0)}, at most ${recharges(max_recharges)} or ${usdCents(max_amount_usd)} a day.`
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
        <fieldset className={styles.ceiling} aria-describedby={ceilingHelpId}>
          <legend>Daily ceiling</legend>
          <p id={ceilingHelpId} className={shared.muted}>
            So that a leaked key cannot drain your card: past this many automatic recharges, or this
            amount, in one UTC day, automatic recharge pauses and the owner is e-mailed. Today:{' '}
            {recharges(ceiling.today.recharges)} of {grouped(ceiling.max_recharges)},{' '}
            {usdCents(ceiling.today.amount_usd)} of {usdCents(ceiling.max_amount_usd)}.
          </p>
          <div className={styles.amountRow}>
            <FormTextField
              form={form}
              name="maxRecharges"
              id="auto-recharge-max-recharges"
              label="Recharges per day, at most"
              size="small"
              helperText={`From 1 to ${RECHARGE_CEILING.maxCount}`}
              disabled={busy}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
            />
            <FormTextField
              form={form}
              name="maxAmount"
              id="auto-recharge-max-amount"
              label="Recharges buy per day, at most (USD)"
              size="small"
              helperText={`From $0 to $${grouped(RECHARGE_CEILING.maxAmountUsd)}`}
              disabled={busy}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', maxLength: 12 },
              }}
            />
          </div>
        </fieldset>
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
