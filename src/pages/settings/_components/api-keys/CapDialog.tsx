/**
 * Sets or removes a key's monthly spend cap (`POST api-key/cap`). A call that would take the key
 * past its cap this calendar month (UTC) is refused by the services host with 403 (`key_cap_reached`), and charged
 * nothing; other keys keep working.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiKey } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import FormTextField from '@site/src/components/FormTextField';
import { notify } from '@site/src/components/Notifications';
import { lazyResolver } from '@site/src/forms/resolver';
import { usdCents } from '../shared/format';
import type { CapValues } from './cap';
import styles from './styles.module.css';

// The contract's check of the cap, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './cap').then((checks) => checks.checkCap),
);

interface Props {
  /** The key whose cap is edited; null when the dialog is closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}

export default function CapDialog({ apiKey, onClose }: Props): ReactNode {
  const form = useForm<CapValues, unknown, number>({
    defaultValues: { cap: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const save = useMutation({
    mutationFn: ({ key, cap }: { key: ApiKey; cap: number | null }) =>
      account
        .v1('POST /api-key/cap', {
          headers: { 'x-api-key': key.id },
          body: { monthly_cap_usd: cap },
        })
        .then(unwrap),
    onSuccess: (saved) => {
      notify({
        severity: 'success',
        message:
          saved.monthly_cap_usd === null
            ? `“${saved.name}” has no monthly cap.`
            : `“${saved.name}” is capped at ${usdCents(saved.monthly_cap_usd)} a month.`,
      });
      void invalidateApiKeys();
      onClose();
    },
  });
  const busy = save.isPending;

  // Each opening starts from the key's current cap.
  const keyId = apiKey?.id;
  const current = apiKey?.monthly_cap_usd ?? null;
  const { reset } = form;
  const { reset: resetSave } = save;
  useEffect(() => {
    if (keyId === undefined) return;
    reset({ cap: current === null ? '' : String(current) });
    resetSave();
  }, [keyId, current, reset, resetSave]);

  return (
    <Dialog
      open={apiKey !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="cap-key-title"
      aria-describedby="cap-key-text"
    >
      <form
        noValidate
        onSubmit={(event) =>
          void form.handleSubmit((cap) => apiKey && save.mutate({ key: apiKey, cap }))(event)
        }
      >
        <DialogTitle id="cap-key-title">Monthly spend cap for “{apiKey?.name}”</DialogTitle>
        <DialogContent>
          <DialogContentText id="cap-key-text">
            Calls with this key stop once it has spent this much in a calendar month (UTC): they are
            refused with status 403 (code key_cap_reached) and cost nothing, until the month turns
            or you raise the cap. Your other keys keep working.
          </DialogContentText>
          <FormTextField
            form={form}
            name="cap"
            id="api-key-cap"
            label="Cap per month (USD)"
            size="small"
            helperText="From $0 to $1,000,000"
            disabled={busy}
            autoFocus
            className={styles.capField}
            usd
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {current !== null && (
            <Button
              color="error"
              disabled={busy}
              onClick={() => apiKey && save.mutate({ key: apiKey, cap: null })}
            >
              Remove cap
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disableElevation
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Saving…' : 'Save cap'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
