/**
 * /settings/api-keys/: the organization's keys (`GET api-key`), creating, rolling (with a
 * grace period for the old secret), making one the default and deleting (after a
 * confirmation), a ready curl example, and the organization's details. A secret is shown once,
 * right after it is made.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { apiKeysQuery, invalidateApiKeys, loadable } from '@site/src/api/queries';
import type { ApiKey } from '@contract';
import type { AccountContext } from '@site/src/components/AccountPage';
import { notify } from '@site/src/components/Notifications';
import OrganizationCard from '../shared/OrganizationCard';
import shared from '../shared/styles.module.css';
import CreateKeyForm from './CreateKeyForm';
import CurlExample from './CurlExample';
import KeyRow from './KeyRow';
import NewKeyNotice, { type RevealedSecret } from './NewKeyNotice';
import styles from './styles.module.css';

// The dialogs (and MUI's modal code) load when one first opens, then stay mounted so that they
// close with their transition.
const RollKeyDialog = lazy(() => import(/* webpackChunkName: "key-dialogs" */ './RollKeyDialog'));
const DeleteKeyDialog = lazy(
  () => import(/* webpackChunkName: "key-dialogs" */ './DeleteKeyDialog'),
);

export default function ApiKeysPanel({ organization, setOrganization }: AccountContext): ReactNode {
  const keysQuery = useQuery(apiKeysQuery());
  // The only copy of a new secret in the page; dropped when the notice closes.
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);

  const state = loadable(keysQuery);

  const setDefault = useMutation({
    mutationFn: (key: ApiKey) => account.setDefaultApiKey(key.id).then(unwrap),
    onSuccess: (_, key) => {
      notify({ severity: 'success', message: `“${key.name}” is now your default key.` });
      void invalidateApiKeys();
    },
  });
  const remove = useMutation({
    mutationFn: (key: ApiKey) => account.deleteApiKey(key.id).then(unwrap),
    onMutate: () => setDeleting(null),
    onSuccess: (_, key) => {
      if (revealed?.apiKey.id === key.id) setRevealed(null);
      notify({ severity: 'success', message: `“${key.name}” is deleted.` });
      void invalidateApiKeys();
    },
  });
  const busy = setDefault.isPending || remove.isPending;
  const [dialogsOpened, setDialogsOpened] = useState(false);
  if (!dialogsOpened && (rolling || deleting)) setDialogsOpened(true);

  const keys = state.kind === 'ready' ? state.data.api_keys : [];
  const defaultKey = keys.find((key) => key.is_default) ?? null;

  return (
    <>
      <section className={shared.card} aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <CreateKeyForm onCreated={(key) => setRevealed({ apiKey: key, reason: 'created' })} />
      </section>

      {revealed && <NewKeyNotice revealed={revealed} onClose={() => setRevealed(null)} />}

      <section className={shared.card} aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        {state.kind === 'loading' && <p className={shared.muted}>Loading your keys…</p>}
        {state.kind === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void keysQuery.refetch()}>
                Try again
              </Button>
            }
          >
            {state.message}
          </Alert>
        )}
        {state.kind === 'ready' && keys.length === 0 && (
          <div>
            <p>
              <strong>You have no API keys yet.</strong> A key identifies your organization when
              your code calls the VisionAPI services: send it in the <code>api-key</code> header and
              each call is billed to your credits. Create one above, then try the request below.
            </p>
          </div>
        )}
        {keys.length > 0 && (
          <div className={shared.tableWrap}>
            <table className={`${shared.table} ${styles.keys}`}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col" aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <KeyRow
                    key={key.id}
                    apiKey={key}
                    busy={busy}
                    onSetDefault={(k) => setDefault.mutate(k)}
                    onRoll={setRolling}
                    onDelete={setDeleting}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {keys.length > 0 && (
          <p className={`${shared.muted} ${styles.placeholderNote}`}>
            Secrets are shown once, when a key is created or rolled; the list shows how each one
            starts and ends.
          </p>
        )}
      </section>

      {state.kind === 'ready' && (
        <section className={shared.card} aria-labelledby="quick-start-heading">
          <h2 id="quick-start-heading">Quick start</h2>
          <CurlExample defaultKey={defaultKey} />
        </section>
      )}

      <OrganizationCard organization={organization} setOrganization={setOrganization} />

      {dialogsOpened && (
        <Suspense fallback={null}>
          <RollKeyDialog
            apiKey={rolling}
            onClose={() => setRolling(null)}
            onRolled={(key) => {
              setRolling(null);
              setRevealed({ apiKey: key, reason: 'rolled' });
            }}
          />
          <DeleteKeyDialog
            apiKey={deleting}
            onCancel={() => setDeleting(null)}
            onConfirm={(key) => remove.mutate(key)}
          />
        </Suspense>
      )}
    </>
  );
}
