/**
 * Names and creates a key (`POST api-key`), optionally a test key and limited to some
 * deployments, browser origins and a day; the caller shows the new secret.
 */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiKeyWithSecret, CreateApiKeyBody } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import FormTextField from '@site/src/components/FormTextField';
import { lazyResolver } from '@site/src/forms/resolver';
import KeyLimitsFields from './KeyLimitsFields';
import type { KeyNameValues } from './keyName';
import {
  checkLimits,
  EMPTY_LIMITS,
  type LimitErrors,
  type Limits,
  type LimitsDraft,
} from './limits';
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
  // The key's kind and limits (optional): a test key, deployments, browser origins, an expiry.
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [limits, setLimits] = useState<LimitsDraft>(EMPTY_LIMITS);
  const [limitErrors, setLimitErrors] = useState<LimitErrors>({});
  const [limitsOpen, setLimitsOpen] = useState(false);
  const create = useMutation({
    mutationFn: ({ body, checked }: { body: CreateApiKeyBody; checked: Limits }) =>
      account
        .v1('POST /api-key', {
          body: {
            name: body.name,
            mode,
            ...(checked.allowed_deployments && {
              allowed_deployments: checked.allowed_deployments,
            }),
            ...(checked.allowed_origins && { allowed_origins: checked.allowed_origins }),
            ...(checked.expires_at && { expires_at: checked.expires_at }),
          },
        })
        .then(unwrap),
    onSuccess: (key) => {
      form.reset();
      setLimits(EMPTY_LIMITS);
      onCreated(key);
      void invalidateApiKeys();
    },
  });
  const busy = create.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The limits are checked with the name, so every mistake shows at once.
    const checked = checkLimits(limits);
    const errors = 'errors' in checked ? checked.errors : {};
    setLimitErrors(errors);
    const firstError = errors.origins ? 'origins' : errors.expires ? 'expires' : null;
    if (firstError) {
      setLimitsOpen(true);
      // Once the panel is open, the first field to fix takes the focus.
      requestAnimationFrame(() => document.getElementById(`create-key-${firstError}`)?.focus());
    }
    void form.handleSubmit((body) => {
      if ('limits' in checked) create.mutate({ body, checked: checked.limits });
    })(event);
  };

  return (
    <form className={styles.createForm} onSubmit={submit} noValidate>
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
      <details
        className={styles.limits}
        open={limitsOpen}
        onToggle={(event) => setLimitsOpen(event.currentTarget.open)}
      >
        <summary>Kind and limits</summary>
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
        <KeyLimitsFields
          idPrefix="create-key"
          draft={limits}
          onChange={(next) => {
            setLimits(next);
            setLimitErrors({});
          }}
          errors={limitErrors}
          disabled={busy}
        />
      </details>
    </form>
  );
}
