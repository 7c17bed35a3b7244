/**
 * Rolling a key (`POST api-key/roll`), "revoke and reissue" in one action: the user picks when
 * the old secret stops working, at once or after a grace period, then the page shows the new
 * secret once and its quick start carries it.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import type { ApiKey, ApiKeyWithSecret } from '@contract';
import { ROLL_OPTIONS, type RollGraceHours } from './keys';
import styles from './styles.module.css';

interface Props {
  /** The key to roll; null when the dialog is closed. */
  apiKey: ApiKey | null;
  onClose: () => void;
  onRolled: (key: ApiKeyWithSecret) => void;
}

export default function RollKeyDialog({ apiKey, onClose, onRolled }: Props): ReactNode {
  const [hours, setHours] = useState<RollGraceHours>(0);
  const roll = useMutation({
    mutationFn: (key: ApiKey) => account.rollApiKey(key.id, hours).then(unwrap),
    onSuccess: (rolledKey) => {
      onRolled(rolledKey);
      void invalidateApiKeys();
    },
  });
  const busy = roll.isPending;
  const rolled = roll.isSuccess;
  const { reset } = roll;
  const keyId = apiKey?.id;
  useEffect(() => {
    if (keyId === undefined) return;
    setHours(0);
    reset();
  }, [keyId, reset]);

  return (
    <Dialog
      open={apiKey !== null}
      onClose={busy ? undefined : onClose}
      aria-labelledby="roll-key-title"
      aria-describedby="roll-key-text"
      // After a roll the new secret's notice takes the focus; after Cancel the Roll button does.
      disableRestoreFocus={rolled}
    >
      <DialogTitle id="roll-key-title">Roll “{apiKey?.name}”?</DialogTitle>
      <DialogContent>
        <DialogContentText id="roll-key-text">
          Rolling revokes the key’s secret and reissues it in one step: the key keeps its name,
          limits, cap and usage, and gets a new secret, shown once and put in the quick start. The
          old secret stops working now, or after a grace period if your code still uses it.
        </DialogContentText>
        <FormControl className={styles.graceOptions} disabled={busy}>
          <FormLabel id="roll-grace-label">The old secret stops working</FormLabel>
          <RadioGroup
            aria-labelledby="roll-grace-label"
            value={String(hours)}
            onChange={(event) => setHours(Number(event.target.value) as RollGraceHours)}
          >
            {ROLL_OPTIONS.map((option) => (
              <FormControlLabel
                key={option.hours}
                value={String(option.hours)}
                control={<Radio size="small" />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          variant="contained"
          disableElevation
          disabled={busy}
          aria-busy={busy}
          onClick={() => apiKey && roll.mutate(apiKey)}
        >
          {busy ? 'Rolling…' : 'Roll key'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
