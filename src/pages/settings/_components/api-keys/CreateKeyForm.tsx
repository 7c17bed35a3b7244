/** Names and creates a key (`POST api-key`); the caller shows the new secret. */
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';
import { account } from '@site/src/api';
import type { ApiKeyWithSecret } from '@contract';
import { notify } from '@site/src/components/Notifications';
import { validateKeyName } from './keys';
import styles from './styles.module.css';

export default function CreateKeyForm({
  onCreated,
}: {
  onCreated: (key: ApiKeyWithSecret) => void;
}): ReactNode {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateKeyName(name);
    setError(problem);
    if (problem) return;
    setBusy(true);
    const result = await account.createApiKey(name.trim());
    setBusy(false);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    setName('');
    onCreated(result.data);
  };

  return (
    <form className={styles.createForm} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        id="api-key-name"
        label="Key name"
        size="small"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(null);
        }}
        error={Boolean(error)}
        helperText={error ?? 'For example "Production server" (1 to 64 characters)'}
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 64 } }}
        className={styles.nameField}
      />
      <Button type="submit" variant="contained" disableElevation disabled={busy} aria-busy={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </Button>
    </form>
  );
}
