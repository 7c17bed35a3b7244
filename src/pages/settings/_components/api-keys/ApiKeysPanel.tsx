/**
 * /settings/api-keys/: the organization's keys (`GET api-key`), creating,
 * making one the default and deleting (after a confirmation), a ready curl
 * example, and the organization's details.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import type { ApiKey } from '@site/src/api/contract';
import type { AccountContext } from '@site/src/components/AccountPage';
import { notify } from '@site/src/components/Notifications';
import OrganizationCard from '../shared/OrganizationCard';
import shared from '../shared/styles.module.css';
import CreateKeyForm from './CreateKeyForm';
import CurlExample from './CurlExample';
import KeyRow from './KeyRow';
import NewKeyNotice from './NewKeyNotice';
import styles from './styles.module.css';

type KeysState =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; keys: ApiKey[] };

export default function ApiKeysPanel({ organization, setOrganization }: AccountContext): ReactNode {
  const [state, setState] = useState<KeysState>({ kind: 'loading' });
  const [created, setCreated] = useState<ApiKey | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);

  const load = useCallback(async (quiet = false) => {
    if (!quiet) setState({ kind: 'loading' });
    const result = await account.getApiKeys();
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      setState({ kind: 'failed', message: result.error_message });
    } else {
      setState({ kind: 'ready', keys: result.data.api_keys });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const setDefault = async (key: ApiKey) => {
    setBusyId(key.id);
    const result = await account.setDefaultApiKey(key.id);
    setBusyId(null);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    notify({ severity: 'success', message: `“${key.name}” is now your default key.` });
    await load(true);
  };

  const remove = async (key: ApiKey) => {
    setConfirming(null);
    setBusyId(key.id);
    const result = await account.deleteApiKey(key.id);
    setBusyId(null);
    if (result.error_message !== undefined) {
      notify({ severity: 'error', message: result.error_message });
      return;
    }
    if (created?.id === key.id) setCreated(null);
    notify({ severity: 'success', message: `“${key.name}” is deleted.` });
    await load(true);
  };

  const keys = state.kind === 'ready' ? state.keys : [];
  const defaultKey = keys.find((key) => key.is_default) ?? null;

  return (
    <>
      <section className={shared.card} aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <CreateKeyForm
          onCreated={(key) => {
            setCreated(key);
            void load(true);
          }}
        />
      </section>

      {created && <NewKeyNotice apiKey={created} onClose={() => setCreated(null)} />}

      <section className={shared.card} aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        {state.kind === 'loading' && <p className={shared.muted}>Loading your keys…</p>}
        {state.kind === 'failed' && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void load()}>
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
                  <th scope="col" aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <KeyRow
                    key={key.id}
                    apiKey={key}
                    busy={busyId !== null}
                    onSetDefault={(k) => void setDefault(k)}
                    onDelete={setConfirming}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {state.kind === 'ready' && (
        <section className={shared.card} aria-labelledby="quick-start-heading">
          <h2 id="quick-start-heading">Quick start</h2>
          <p className={shared.muted}>
            {defaultKey
              ? `A ready request with your default key “${defaultKey.name}”:`
              : 'Create a key and it appears in this request:'}
          </p>
          <CurlExample apiKey={defaultKey?.key ?? null} />
        </section>
      )}

      <OrganizationCard organization={organization} setOrganization={setOrganization} />

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="delete-key-title"
        aria-describedby="delete-key-text"
      >
        <DialogTitle id="delete-key-title">Delete “{confirming?.name}”?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-key-text">
            Requests that use this key will stop working at once. This cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} autoFocus>
            Cancel
          </Button>
          <Button
            color="error"
            variant="contained"
            disableElevation
            onClick={() => confirming && void remove(confirming)}
          >
            Delete key
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
