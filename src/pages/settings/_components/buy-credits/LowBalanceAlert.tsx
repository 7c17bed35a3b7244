/**
 * The low-balance alert: one e-mail when a call takes the balance below the threshold (again only
 * after it has been above it), and a warning on the balance here and on the navbar's chip while it
 * is below (`PUT billing/settings`, `low_balance_threshold_usd`; null turns it off).
 */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { BillingSettings, BillingSettingsBody } from '@contract/billing';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateBilling } from '@site/src/api/queries';
import FormTextField from '@site/src/components/FormTextField';
import { notify } from '@site/src/components/Notifications';
import { lazyResolver } from '@site/src/forms/resolver';
import { usdCents } from '../shared/format';
import shared from '../shared/styles.module.css';
import type { AlertValues } from './billing';
import { showSettings } from './SavedCard';
import styles from './styles.module.css';

// The contract's check, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './billing').then((checks) => checks.checkAlert),
);

export default function LowBalanceAlert({ settings }: { settings: BillingSettings }): ReactNode {
  const threshold = settings.low_balance_alert.threshold_usd;
  const form = useForm<AlertValues, unknown, BillingSettingsBody>({
    defaultValues: { threshold: threshold === null ? '' : String(threshold) },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { reset } = form;
  useEffect(
    () => reset({ threshold: threshold === null ? '' : String(threshold) }),
    [threshold, reset],
  );

  const save = useMutation({
    mutationFn: (body: BillingSettingsBody) =>
      account.v1('PUT /billing/settings', { body }).then(unwrap),
    onSuccess: (next) => {
      showSettings(next);
      // The balance (here and on the chip) says whether it is below the new threshold.
      void invalidateBilling();
      const saved = next.low_balance_alert.threshold_usd;
      notify({
        severity: 'success',
        message:
          saved === null
            ? 'The low-balance alert is off.'
            : `We will e-mail you when your balance falls below ${usdCents(saved)}.`,
      });
    },
  });
  const busy = save.isPending;

  return (
    <section className={shared.card} aria-labelledby="low-balance-heading">
      <h2 id="low-balance-heading">Low-balance alert</h2>
      <p className={shared.muted}>
        We e-mail you once when an API call takes your balance below this amount, and your balance
        shows a warning while it stays below.
      </p>
      <form
        className={styles.amountRow}
        noValidate
        onSubmit={(event) => void form.handleSubmit((body) => save.mutate(body))(event)}
      >
        <FormTextField
          form={form}
          name="threshold"
          id="low-balance-threshold"
          label="Alert me below (USD)"
          size="small"
          helperText="From $0 to $10,000"
          disabled={busy}
          usd
        />
        <Button type="submit" variant="contained" disableElevation disabled={busy} aria-busy={busy}>
          {busy ? 'Saving…' : 'Save alert'}
        </Button>
        {threshold !== null && (
          <Button disabled={busy} onClick={() => save.mutate({ low_balance_threshold_usd: null })}>
            Turn off
          </Button>
        )}
      </form>
      <p className={shared.muted}>
        {threshold === null ? 'The alert is off.' : `On: below ${usdCents(threshold)}.`}
      </p>
    </section>
  );
}
