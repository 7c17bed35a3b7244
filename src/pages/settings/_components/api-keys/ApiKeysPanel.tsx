/**
 * /settings/api-keys/: the organization's keys (`GET api-key`), creating, rolling (revoke and
 * reissue in one step, with a grace period for the old secret if wanted), limiting (deployments,
 * origins, expiry) and disabling, making one the default, capping its spend per month and
 * deleting (after a confirmation), a ready curl example, and the organization's details. A secret
 * is shown once, right after it is made, and the curl example carries it while it is shown.
 *
 * Focus after each action: a new or rolled key's notice (and a polite announcement); closing the
 * notice, that key's row; a deletion, the next row (or the previous one, or the list's heading);
 * a dialog's Cancel, the button that opened it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { apiKeysQuery, invalidateApiKeys, loadable } from '@site/src/api/queries';
import { roleMay, type ApiKey } from '@contract';
import { roleNeededMessage } from '@site/src/api/roles';
import type { AccountContext } from '@site/src/components/AccountPage';
import { notify } from '@site/src/components/Notifications';
import OrganizationCard from '../shared/OrganizationCard';
import shared from '../shared/styles.module.css';
import CreateKeyForm from './CreateKeyForm';
import CurlExample from './CurlExample';
import KeyRow from './KeyRow';
import NewKeyNotice, { type RevealedSecret } from './NewKeyNotice';
import styles from './styles.module.css';
import RetryAlert from '@site/src/components/RetryAlert';

// The dialogs (and MUI's modal code) load when one first opens, then stay mounted so that they
// close with their transition.
const RollKeyDialog = lazy(() => import(/* webpackChunkName: "key-dialogs" */ './RollKeyDialog'));
const DeleteKeyDialog = lazy(
  () => import(/* webpackChunkName: "key-dialogs" */ './DeleteKeyDialog'),
);
const CapDialog = lazy(() => import(/* webpackChunkName: "key-dialogs" */ './CapDialog'));
const LimitsDialog = lazy(() => import(/* webpackChunkName: "key-dialogs" */ './LimitsDialog'));

/** Where the focus goes once the list shows it: a key's row, or the list's heading. */
type FocusTarget = { row: string } | 'heading' | null;

/**
 * A member whose role reads no keys (billing) is told once which roles can, with no call made and
 * nothing to retry; the settings navigation no longer lists the page for them.
 */
export default function ApiKeysPanel(context: AccountContext): ReactNode {
  const { organization } = context;
  if (!roleMay('GET /api-key', organization.role)) {
    return (
      <section className={shared.card} aria-labelledby="keys-role-heading">
        <h2 id="keys-role-heading">Not available for your role</h2>
        <p>{roleNeededMessage('The API keys page', 'GET /api-key', organization)}</p>
      </section>
    );
  }
  return <KeysPanel {...context} />;
}

function KeysPanel({ organization, setOrganization }: AccountContext): ReactNode {
  const keysQuery = useQuery(apiKeysQuery());
  // The only copy of a new secret in the page; dropped when the notice closes.
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const [capping, setCapping] = useState<ApiKey | null>(null);
  const [limiting, setLimiting] = useState<ApiKey | null>(null);
  // Confirmed: the focus goes to the next row, not back to the (removed) Delete button.
  const [deleteConfirmed, setDeleteConfirmed] = useState(false);
  // The focus moves only once the dialog has gone (the page is hidden from assistive technology
  // while it shows).
  const [dialogClosing, setDialogClosing] = useState(false);
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null);
  // A polite live region, always in the page, says what was just done.
  const [announcement, setAnnouncement] = useState('');
  const keysRef = useRef<HTMLElement>(null);

  const state = loadable(keysQuery);
  const manageKeys = roleMay('POST /api-key', organization.role);
  const toggleDisabled = useMutation({
    mutationFn: (key: ApiKey) =>
      account
        .v1(key.disabled ? 'POST /api-key/enable' : 'POST /api-key/disable', {
          headers: { 'x-api-key': key.id },
        })
        .then(unwrap),
    onSuccess: (key) => {
      notify({
        severity: 'success',
        message: key.disabled
          ? `“${key.name}” is disabled: its calls are refused until you enable it.`
          : `“${key.name}” is enabled again.`,
      });
      void invalidateApiKeys();
    },
  });
  const keys = state.kind === 'ready' ? state.data.api_keys : [];

  const setDefault = useMutation({
    mutationFn: (key: ApiKey) => account.setDefaultApiKey(key.id).then(unwrap),
    onSuccess: (_, key) => {
      notify({ severity: 'success', message: `“${key.name}” is now your default key.` });
      void invalidateApiKeys();
    },
  });
  const remove = useMutation({
    mutationFn: (key: ApiKey) => account.deleteApiKey(key.id).then(unwrap),
    onMutate: (key) => {
      setDeleteConfirmed(true);
      setDialogClosing(true);
      setDeleting(null);
      const index = keys.findIndex((k) => k.id === key.id);
      const next = keys[index + 1] ?? keys[index - 1];
      setFocusTarget(next ? { row: next.id } : 'heading');
    },
    onSuccess: (_, key) => {
      if (revealed?.apiKey.id === key.id) setRevealed(null);
      notify({ severity: 'success', message: `“${key.name}” is deleted.` });
      setAnnouncement(`“${key.name}” is deleted.`);
      void invalidateApiKeys();
    },
    // Not deleted: back to its row.
    onError: (_, key) => setFocusTarget({ row: key.id }),
  });
  const busy = setDefault.isPending || remove.isPending;
  const [dialogsOpened, setDialogsOpened] = useState(false);
  if (!dialogsOpened && (rolling || deleting || capping || limiting)) setDialogsOpened(true);

  // Moves the focus once its target is on screen (a deleted key's row leaves after the refetch).
  useEffect(() => {
    if (focusTarget === null || dialogClosing) return;
    const section = keysRef.current;
    if (focusTarget === 'heading') {
      section?.querySelector<HTMLElement>('h2')?.focus();
      setFocusTarget(null);
      return;
    }
    const row = section?.querySelector<HTMLElement>(
      `tr[data-key-id="${CSS.escape(focusTarget.row)}"]`,
    );
    if (row) {
      row.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, dialogClosing, keysQuery.data]);

  const reveal = (secret: RevealedSecret) => {
    setRevealed(secret);
    const { name } = secret.apiKey;
    setAnnouncement(
      secret.reason === 'created'
        ? `Key “${name}” created. Copy its secret now: it is shown once.`
        : `“${name}” has a new secret. Copy it now: it is shown once.`,
    );
  };

  return (
    <>
      {manageKeys ? (
        <section className={shared.card} aria-labelledby="create-key-heading">
          <h2 id="create-key-heading">Create a key</h2>
          <CreateKeyForm onCreated={(key) => reveal({ apiKey: key, reason: 'created' })} />
        </section>
      ) : (
        <p className={shared.muted}>
          {roleNeededMessage('Creating and changing keys', 'POST /api-key', organization)}
        </p>
      )}

      <p role="status" className={shared.visuallyHidden}>
        {announcement}
      </p>

      {revealed && (
        <NewKeyNotice
          revealed={revealed}
          onClose={() => {
            setFocusTarget({ row: revealed.apiKey.id });
            setRevealed(null);
          }}
        />
      )}

      <section ref={keysRef} className={shared.card} aria-labelledby="keys-heading">
        <h2 id="keys-heading" tabIndex={-1} className={styles.keysHeading}>
          Your keys
        </h2>
        {state.kind === 'loading' && <p className={shared.muted}>Loading your keys…</p>}
        {state.kind === 'failed' && (
          <RetryAlert message={state.message} onRetry={() => void keysQuery.refetch()} />
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
                  <th scope="col">Created by</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Limits</th>
                  <th scope="col">This month</th>
                  <th scope="col">
                    <span className={shared.visuallyHidden}>Actions</span>
                  </th>
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
                    onCap={setCapping}
                    onEditLimits={setLimiting}
                    onDelete={(k) => {
                      setDeleteConfirmed(false);
                      setDeleting(k);
                    }}
                    onToggleDisabled={(k) => toggleDisabled.mutate(k)}
                    readOnly={!manageKeys}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {keys.length > 0 && (
          <p className={`${shared.muted} ${styles.placeholderNote}`}>
            Secrets are shown once, when a key is created or rolled (revoked and reissued in one
            step); the list shows how each one starts and ends.
          </p>
        )}
      </section>

      {state.kind === 'ready' && (
        <section className={shared.card} aria-labelledby="quick-start-heading">
          <h2 id="quick-start-heading">Quick start</h2>
          <CurlExample keys={keys} revealed={revealed?.apiKey ?? null} canCreate={manageKeys} />
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
              reveal({ apiKey: key, reason: 'rolled' });
            }}
          />
          <DeleteKeyDialog
            apiKey={deleting}
            onCancel={() => setDeleting(null)}
            onConfirm={(key) => remove.mutate(key)}
            restoreFocus={!deleteConfirmed}
            onExited={() => setDialogClosing(false)}
          />
          <CapDialog apiKey={capping} onClose={() => setCapping(null)} />
          <LimitsDialog apiKey={limiting} onClose={() => setLimiting(null)} />
        </Suspense>
      )}
    </>
  );
}
