/**
 * Changes a key's limits after it was made (`POST api-key/restrictions`): the deployments it may
 * call, the browser origins it accepts and its expiry. Only what changed is sent. A call outside
 * the limits is refused by the services host with 403, costs nothing, and is counted on the key.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiKey, ApiKeyRestrictionsBody } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import KeyLimitsFields from './KeyLimitsFields';
import { draftOf, EMPTY_LIMITS, limitsChange, type LimitErrors, type LimitsDraft } from './limits';
import styles from './styles.module.css';

interface Props {
  /** The key whose limits are edited; null when the dialog is closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
}

export default function LimitsDialog({ apiKey, onClose }: Props): ReactNode {
  const [draft, setDraft] = useState<LimitsDraft>(EMPTY_LIMITS);
  const [errors, setErrors] = useState<LimitErrors>({});
  const save = useMutation({
    mutationFn: ({ key, body }: { key: ApiKey; body: ApiKeyRestrictionsBody }) =>
      account
        .v1('POST /api-key/restrictions', { headers: { 'x-api-key': key.id }, body })
        .then(unwrap),
    onSuccess: (saved) => {
      notify({ severity: 'success', message: `The limits of “${saved.name}” are saved.` });
      void invalidateApiKeys();
      onClose();
    },
  });
  const busy = save.isPending;

  // Each opening starts from the key's limits as they are; a refetch while it is open keeps
  // what is being typed.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const keyId = apiKey?.id ?? null;
  if (keyId !== openedFor) {
    setOpenedFor(keyId);
    if (apiKey) {
      setDraft(draftOf(apiKey));
      setErrors({});
    }
  }
  const { reset } = save;
  useEffect(() => {
    if (keyId !== null) reset();
  }, [keyId, reset]);

  const submit = () => {
    if (!apiKey) return;
    const change = limitsChange(apiKey, draft);
    if ('errors' in change) {
      setErrors(change.errors);
      const first = change.errors.origins ? 'origins' : 'expires';
      document.getElementById(`key-limits-${first}`)?.focus();
      return;
    }
    if ('unchanged' in change) {
      notify({ severity: 'info', message: `The limits of “${apiKey.name}” are unchanged.` });
      onClose();
      return;
    }
    save.mutate({ key: apiKey, body: change.body });
  };

  return (
    <Dialog
      open={apiKey !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="key-limits-title"
      aria-describedby="key-limits-text"
      maxWidth="md"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id="key-limits-title">Limits of “{apiKey?.name}”</DialogTitle>
        <DialogContent>
          <DialogContentText id="key-limits-text">
            Calls outside these limits are refused with status 403 and cost nothing; the keys page
            counts them on the key. The secret stays the same.
          </DialogContentText>
          <div className={styles.dialogLimits}>
            <KeyLimitsFields
              idPrefix="key-limits"
              draft={draft}
              onChange={(next) => {
                setDraft(next);
                setErrors({});
              }}
              errors={errors}
              disabled={busy}
              usedForUi={apiKey?.used_for_ui ?? false}
            />
          </div>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disableElevation
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? 'Saving…' : 'Save limits'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
