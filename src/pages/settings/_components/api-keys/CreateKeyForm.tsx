/** Names and creates a key (`POST api-key`); the caller shows the new secret. */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiKeyWithSecret, CreateApiKeyBody } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import FormTextField from '@site/src/components/FormTextField';
import { lazyResolver } from '@site/src/forms/resolver';
import type { KeyNameValues } from './keyName';
import styles from './styles.module.css';

// The contract's check of the name, fetched when the form is first submitted.
const resolver = lazyResolver(() =>
  import(/* webpackChunkName: "contract-checks" */ './keyName').then(
    (checks) => checks.checkKeyName,
  ),
);

export default function CreateKeyForm({
  onCreated,
}: {
  onCreated: (key: ApiKeyWithSecret) => void;
}): ReactNode {
  const form = useForm<KeyNameValues, unknown, CreateApiKeyBody>({
    defaultValues: { name: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  // The key's kind and limits (optional): a test key, browser origins, an expiry date.
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [origins, setOrigins] = useState('');
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: ({ name }: CreateApiKeyBody) => {
      const list = origins
        .split(/[\s,]+/)
        .map((origin) => origin.trim().toLowerCase())
        .filter(Boolean);
      return account
        .v1('POST /api-key', {
          body: {
            name,
            mode,
            ...(list.length > 0 && { allowed_origins: [...new Set(list)] }),
            ...(expires && { expires_at: new Date(`${expires}T23:59:59`).toISOString() }),
          },
        })
        .then(unwrap);
    },
    onSuccess: (key) => {
      form.reset();
      setOrigins('');
      setExpires('');
      onCreated(key);
      void invalidateApiKeys();
    },
  });
  const busy = create.isPending;

  return (
    <form
      className={styles.createForm}
      onSubmit={(event) => void form.handleSubmit((body) => create.mutate(body))(event)}
      noValidate
    >
      <FormTextField
        form={form}
        name="name"
        id="api-key-name"
        label="Key name"
        size="small"
        helperText='For example "Production server" (1 to 64 characters)'
        disabled={busy}
        slotProps={{ htmlInput: { maxLength: 64 } }}
        className={styles.nameField}
      />
      <Button type="submit" variant="contained" disableElevation disabled={busy} aria-busy={busy}>
        {busy ? 'Creating…' : 'Create key'}
      </Button>
      <details className={styles.limits}>
        <summary>Kind and limits</summary>
        <div className={styles.limitFields}>
          <label className={styles.limitField}>
            Kind
            <select
              value={mode}
              disabled={busy}
              onChange={(event) => setMode(event.target.value as 'live' | 'test')}
            >
              <option value="live">Live: calls the models, charged</option>
              <option value="test">Test: free sample answers</option>
            </select>
          </label>
          <label className={styles.limitField}>
            Allowed browser origins (optional)
            <input
              value={origins}
              disabled={busy}
              maxLength={2000}
              placeholder="https://app.example.com"
              onChange={(event) => setOrigins(event.target.value)}
            />
          </label>
          <label className={styles.limitField}>
            Expires (optional)
            <input
              type="date"
              value={expires}
              disabled={busy}
              onChange={(event) => setExpires(event.target.value)}
            />
          </label>
        </div>
      </details>
    </form>
  );
}
