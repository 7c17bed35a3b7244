/** Names and creates a key (`POST api-key`); the caller shows the new secret. */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  const create = useMutation({
    mutationFn: ({ name }: CreateApiKeyBody) => account.createApiKey(name).then(unwrap),
    onSuccess: (key) => {
      form.reset();
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
    </form>
  );
}
