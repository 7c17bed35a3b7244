/**
 * Admin keys: machine members that call the account API (`Authorization: Bearer va_admin_…`) with
 * a role, for pipelines and finance systems. A new or rolled secret is shown once, with a copy
 * button; rolling or deleting ends the old secret at once.
 */
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type AssignableRole } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { loadable } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import RetryAlert from '@site/src/components/RetryAlert';
import ScrollTable from '@site/src/components/ScrollTable';
import { copyToClipboard } from '../shared/copy';
import shared from '../shared/styles.module.css';
import { longLocalDate } from '../shared/format';
import type { Confirmation } from './ConfirmDialog';
import { adminKeysQuery, invalidateTeam } from './queries';
import styles from './styles.module.css';

export default function AdminKeysCard({
  confirm,
}: {
  confirm: (confirmation: Confirmation) => void;
}): ReactNode {
  const id = useId();
  const [name, setName] = useState('');
  const [role, setRole] = useState<AssignableRole>('developer');
  const [expires, setExpires] = useState('');
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const query = useQuery(adminKeysQuery());
  const state = loadable(query);
  const create = useMutation({
    mutationFn: () =>
      account
        .v1('POST /admin-keys', {
          body: {
            name: name.trim(),
            role,
            ...(expires && { expires_at: new Date(`${expires}T23:59:59`).toISOString() }),
          },
        })
        .then(unwrap),
    onSuccess: (made) => {
      setSecret({ name: made.name, key: made.key });
      setName('');
      setExpires('');
      void invalidateTeam();
    },
  });
  const roll = useMutation({
    mutationFn: (keyId: string) =>
      account
        .v1('POST /admin-keys/{admin_key_id}/roll', { params: { admin_key_id: keyId } })
        .then(unwrap),
    onSuccess: (made) => {
      setSecret({ name: made.name, key: made.key });
      void invalidateTeam();
    },
  });
  const remove = useMutation({
    mutationFn: (key: { id: string; name: string }) =>
      account
        .v1('DELETE /admin-keys/{admin_key_id}', { params: { admin_key_id: key.id } })
        .then(unwrap),
    onSuccess: (_, key) => {
      notify({ severity: 'success', message: `Admin key “${key.name}” is deleted.` });
      void invalidateTeam();
    },
  });

  return (
    <section className={shared.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Admin keys</h2>
      <p className={shared.muted}>
        For machines that call the account API, such as a deployment pipeline or a finance system:
        send the key as <code>Authorization: Bearer va_admin_…</code>. It acts with its role on this
        organization only.
      </p>
      <p className={shared.muted}>
        Its secret is shown to the member who creates or rolls it, and the key is deleted when that
        member leaves or is removed. To keep a key past someone’s departure, roll it yourself first
        and give its new secret to the machine.
      </p>
      {secret ? (
        <div className={styles.secret} role="status">
          <p>
            <strong>Copy the secret of “{secret.name}” now:</strong> it is not shown again.
          </p>
          <p className={shared.mono} data-testid="admin-key-secret">
            {secret.key}
          </p>
          <div className={styles.inline}>
            <Button size="small" onClick={() => void copyToClipboard(secret.key, 'The admin key')}>
              Copy
            </Button>
            <Button size="small" onClick={() => setSecret(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
      <form
        className={styles.form}
        aria-label="Create an admin key"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim()) create.mutate();
        }}
      >
        <label className={styles.field}>
          Name
          <input
            className={styles.input}
            required
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          Role
          <select
            className={styles.select}
            value={role}
            onChange={(event) => setRole(event.target.value as AssignableRole)}
          >
            {ASSIGNABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          Expires (optional)
          <input
            className={styles.input}
            type="date"
            value={expires}
            onChange={(event) => setExpires(event.target.value)}
          />
        </label>
        <Button type="submit" variant="contained" disableElevation disabled={create.isPending}>
          Create admin key
        </Button>
      </form>
      {state.kind === 'failed' ? (
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      ) : null}
      {state.kind === 'ready' && state.data.admin_keys.length > 0 ? (
        <ScrollTable label="Admin keys">
          <table className={`${shared.table} ${shared.cardRows}`} aria-label="Admin keys">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className={shared.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.data.admin_keys.map((key) => (
                <tr key={key.id}>
                  <td data-label="Name" className={shared.wideCell}>
                    {key.name}
                  </td>
                  <td data-label="Key" className={shared.mono}>
                    {key.redacted}
                  </td>
                  <td data-label="Role">{ROLE_LABELS[key.role]}</td>
                  <td data-label="Expires">
                    {key.expires_at ? longLocalDate(key.expires_at) : 'Never'}
                  </td>
                  <td data-label="Last used">
                    {key.last_used_at ? longLocalDate(key.last_used_at) : 'Never'}
                  </td>
                  <td data-label="Actions" className={shared.wideCell}>
                    <div className={styles.inline}>
                      <Button
                        size="small"
                        disabled={roll.isPending}
                        aria-label={`Roll admin key ${key.name}`}
                        onClick={() =>
                          confirm({
                            title: `Roll “${key.name}”?`,
                            text: 'It gets a new secret, shown once; the old one stops working at once. You then hold its secret: the key is deleted only if you leave or are removed.',
                            action: 'Roll key',
                            onConfirm: () => roll.mutate(key.id),
                          })
                        }
                      >
                        Roll
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`Delete admin key ${key.name}`}
                        onClick={() =>
                          confirm({
                            title: `Delete “${key.name}”?`,
                            text: 'Calls with it stop working at once. This cannot be undone.',
                            action: 'Delete key',
                            onConfirm: () => remove.mutate(key),
                          })
                        }
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
    </section>
  );
}
