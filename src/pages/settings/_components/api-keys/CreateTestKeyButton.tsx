/**
 * "Create a test key" in the Quick start: one click to a key whose secret the request can carry
 * (test keys answer with free sample results), so the request runs as it is from a terminal.
 */
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import styles from './styles.module.css';

export default function CreateTestKeyButton(): ReactNode {
  const create = useMutation({
    mutationFn: () =>
      account.v1('POST /api-key', { body: { name: 'Test key', mode: 'test' } }).then(unwrap),
    onSuccess: (key) => {
      notify({
        severity: 'success',
        message: `“${key.name}” is ready: the request below uses it.`,
      });
      void invalidateApiKeys();
    },
  });
  return (
    <div className={styles.createTestKey}>
      <Button
        variant="contained"
        size="small"
        disableElevation
        disabled={create.isPending}
        onClick={() => create.mutate()}
      >
        {create.isPending ? 'Creating…' : 'Create a test key'}
      </Button>
    </div>
  );
}
