/**
 * Webhook endpoints of the selected organization: add one (URL and events; its signing secret is
 * shown once, with a copy button), enable or disable, rotate the secret, delete (confirmed), send a
 * test event, and each endpoint's deliveries log with every attempt and a Replay button. Viewers
 * read; owners, admins and developers manage (the contract's `roleMay`); the server checks every
 * call again, and its `error_message` is what a failure shows.
 */
import Button from '@mui/material/Button';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  MAX_WEBHOOK_DESCRIPTION_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  roleMay,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  type Role,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@contract';
import { account } from '@site/src/api';
import { queryClient, unwrap } from '@site/src/api/cache';
import { loadable, v1Key } from '@site/src/api/queries';
import { roleNeededMessage } from '@site/src/api/roles';
import type { AccountContext } from '@site/src/components/AccountPage';
import { notify } from '@site/src/components/Notifications';
import RetryAlert from '@site/src/components/RetryAlert';
import ScrollTable from '@site/src/components/ScrollTable';
import { copyToClipboard } from '../shared/copy';
import { longLocalDate } from '../shared/format';
import shared from '../shared/styles.module.css';
import ConfirmDialog, { type Confirmation } from '../team/ConfirmDialog';
import team from '../team/styles.module.css';
import styles from './styles.module.css';

const webhooksQuery = () =>
  queryOptions({
    queryKey: v1Key('GET /webhooks'),
    queryFn: () => account.v1('GET /webhooks').then(unwrap),
  });

const deliveriesQuery = (webhookId: string) =>
  queryOptions({
    queryKey: v1Key('GET /webhooks/{webhook_id}/deliveries', { webhookId }),
    queryFn: () =>
      account
        .v1('GET /webhooks/{webhook_id}/deliveries', { params: { webhook_id: webhookId } })
        .then(unwrap),
  });

const invalidate = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['GET /webhooks'] }),
    queryClient.invalidateQueries({ queryKey: ['GET /webhooks/{webhook_id}/deliveries'] }),
  ]).then(() => undefined);

/** The signing secret, shown once; focus moves to it so keyboard and screen reader users find it. */
function SecretNotice({
  secret,
  onDone,
}: {
  secret: { url: string; value: string };
  onDone: () => void;
}): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [secret.value]);
  return (
    <div className={team.secret} role="status" tabIndex={-1} ref={ref}>
      <p>
        <strong>Copy the signing secret of {secret.url} now:</strong> it is not shown again. Your
        endpoint verifies each delivery&apos;s <code>webhook-signature</code> with it.
      </p>
      <p className={shared.mono} data-testid="webhook-secret">
        {secret.value}
      </p>
      <div className={shared.inline}>
        <Button
          size="small"
          onClick={() => void copyToClipboard(secret.value, 'The signing secret')}
        >
          Copy secret
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function AddEndpointForm({
  onCreated,
}: {
  onCreated: (endpoint: { url: string; secret: string }) => void;
}): ReactNode {
  const id = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () =>
      account
        .v1('POST /webhooks', {
          body: {
            url: url.trim(),
            events,
            ...(description.trim() && { description: description.trim() }),
          },
        })
        .then(unwrap),
    meta: { quiet: true },
    onSuccess: (made) => {
      onCreated({ url: made.url, secret: made.secret });
      setUrl('');
      setDescription('');
      setEvents([]);
      setProblem(null);
      void invalidate();
    },
    onError: (error: { error_message?: string }) =>
      setProblem(error.error_message ?? 'The endpoint could not be added.'),
  });
  return (
    <form
      aria-label="Add an endpoint"
      onSubmit={(event) => {
        event.preventDefault();
        if (events.length === 0) {
          setProblem('Choose at least one event.');
          return;
        }
        create.mutate();
      }}
    >
      <div className={team.form}>
        <label className={team.field}>
          Endpoint URL
          <input
            className={`${team.input} ${styles.url}`}
            type="url"
            required
            inputMode="url"
            placeholder="https://example.com/webhooks/visionapi"
            maxLength={MAX_WEBHOOK_URL_LENGTH}
            value={url}
            aria-invalid={problem !== null && create.isError ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
        <label className={team.field}>
          Description (optional)
          <input
            className={team.input}
            maxLength={MAX_WEBHOOK_DESCRIPTION_LENGTH}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </label>
      </div>
      <fieldset className={styles.events} style={{ marginTop: '0.75rem' }}>
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className={styles.check} title={WEBHOOK_EVENT_DESCRIPTIONS[type]}>
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                setEvents((current) =>
                  event.target.checked ? [...current, type] : current.filter((t) => t !== type),
                )
              }
            />
            <code>{type}</code>
          </label>
        ))}
      </fieldset>
      {problem ? (
        <p id={`${id}-problem`} role="alert" className={styles.failing}>
          {problem}
        </p>
      ) : null}
      <div style={{ marginTop: '0.75rem' }}>
        <Button type="submit" variant="contained" disableElevation disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}

function attemptSummary(delivery: WebhookDelivery): string {
  const last = delivery.attempts[0];
  if (!last) return 'Not attempted yet';
  return last.status_code !== null ? `HTTP ${last.status_code}` : (last.error ?? 'No answer');
}

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = {
  pending: 'Retrying',
  delivering: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

function DeliveriesLog({
  endpoint,
  canManage,
  id,
}: {
  endpoint: WebhookEndpoint;
  canManage: boolean;
  id: string;
}): ReactNode {
  const query = useQuery(deliveriesQuery(endpoint.id));
  const state = loadable(query);
  const replay = useMutation({
    mutationFn: (deliveryId: string) =>
      account
        .v1('POST /webhooks/deliveries/{delivery_id}/replay', {
          params: { delivery_id: deliveryId },
        })
        .then(unwrap),
    onSuccess: (delivery) => {
      const last = delivery.attempts[0];
      notify({
        severity:
          last && last.status_code !== null && last.status_code < 300 ? 'success' : 'warning',
        message: `Replayed ${delivery.event_type}: ${attemptSummary(delivery)}.`,
      });
      void invalidate();
    },
  });
  return (
    <div id={id}>
      <h4 className={shared.visuallyHidden}>Deliveries of {endpoint.url}</h4>
      {state.kind === 'loading' ? <p role="status">Loading deliveries…</p> : null}
      {state.kind === 'failed' ? (
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      ) : null}
      {state.kind === 'ready' && state.data.deliveries.length === 0 ? (
        <p className={shared.muted}>No deliveries yet. Send a test event to try the endpoint.</p>
      ) : null}
      {state.kind === 'ready' && state.data.deliveries.length > 0 ? (
        <ScrollTable label={`Deliveries of ${endpoint.url}`}>
          <table
            className={`${shared.table} ${shared.cardRows}`}
            aria-label={`Deliveries of ${endpoint.url}`}
          >
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Last answer</th>
                <th scope="col">
                  <span className={shared.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.data.deliveries.map((delivery) => {
                const last = delivery.attempts[0];
                return (
                  <tr key={delivery.id}>
                    <td data-label="Time">{longLocalDate(last?.at ?? delivery.created_at)}</td>
                    <td data-label="Event">
                      <code>{delivery.event_type}</code>
                      <div className={`${shared.muted} ${shared.mono}`}>{delivery.event_id}</div>
                    </td>
                    <td data-label="Status">
                      {STATUS_LABELS[delivery.status]} ({delivery.attempts_count}{' '}
                      {delivery.attempts_count === 1 ? 'attempt' : 'attempts'})
                      {delivery.next_attempt_at ? (
                        <div className={shared.muted}>
                          Next: {longLocalDate(delivery.next_attempt_at)}
                        </div>
                      ) : null}
                    </td>
                    <td data-label="Last answer">
                      {attemptSummary(delivery)}
                      {last ? <span className={shared.muted}> · {last.duration_ms} ms</span> : null}
                      {last?.response_excerpt ? (
                        <pre className={styles.excerpt} tabIndex={0}>
                          {last.response_excerpt}
                        </pre>
                      ) : null}
                    </td>
                    <td data-label="Actions">
                      {canManage ? (
                        <Button
                          size="small"
                          disabled={replay.isPending || !endpoint.enabled}
                          aria-label={`Replay ${delivery.event_type} ${delivery.event_id}`}
                          onClick={() => replay.mutate(delivery.id)}
                        >
                          Replay
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
    </div>
  );
}

function EndpointItem({
  endpoint,
  canManage,
  confirm,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  canManage: boolean;
  confirm: (confirmation: Confirmation) => void;
  onSecret: (secret: { url: string; value: string }) => void;
}): ReactNode {
  const id = useId();
  const [open, setOpen] = useState(false);
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      account
        .v1('PATCH /webhooks/{webhook_id}', {
          params: { webhook_id: endpoint.id },
          body: { enabled },
        })
        .then(unwrap),
    onSuccess: (updated) => {
      notify({
        severity: 'success',
        message: `${updated.url} is ${updated.enabled ? 'enabled' : 'disabled'}.`,
      });
      void invalidate();
    },
  });
  const rotate = useMutation({
    mutationFn: () =>
      account
        .v1('POST /webhooks/{webhook_id}/rotate-secret', {
          params: { webhook_id: endpoint.id },
          body: {},
        })
        .then(unwrap),
    onSuccess: (made) => {
      onSecret({ url: made.url, value: made.secret });
      void invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      account
        .v1('DELETE /webhooks/{webhook_id}', { params: { webhook_id: endpoint.id } })
        .then(unwrap),
    onSuccess: () => {
      notify({ severity: 'success', message: `${endpoint.url} is deleted.` });
      void invalidate();
    },
  });
  const test = useMutation({
    mutationFn: () =>
      account
        .v1('POST /webhooks/{webhook_id}/test', { params: { webhook_id: endpoint.id } })
        .then(unwrap),
    onSuccess: (delivery) => {
      const last = delivery.attempts[0];
      const delivered = delivery.status === 'succeeded';
      notify({
        severity: delivered ? 'success' : 'warning',
        message: delivered
          ? `Test event delivered: HTTP ${last?.status_code}.`
          : `Test event not delivered (${attemptSummary(delivery)}); it will be retried.`,
      });
      setOpen(true);
      void invalidate();
    },
  });
  return (
    <li className={styles.endpoint}>
      <h3 className={shared.mono}>{endpoint.url}</h3>
      {endpoint.description ? <p className={shared.muted}>{endpoint.description}</p> : null}
      <p>
        {endpoint.enabled ? (
          'Enabled'
        ) : (
          <span className={styles.failing}>
            Disabled
            {endpoint.disabled_reason === 'failing'
              ? ': every attempt of a delivery failed for 3 days. Fix the endpoint, enable it, then replay what it missed.'
              : ''}
          </span>
        )}{' '}
        · Events:{' '}
        {endpoint.events.map((type) => (
          <code key={type}>{type} </code>
        ))}{' '}
        · Secret <span className={shared.mono}>{endpoint.secret_redacted}</span>
      </p>
      <div className={shared.inline}>
        <Button
          size="small"
          aria-expanded={open}
          aria-controls={`${id}-deliveries`}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide deliveries' : 'Show deliveries'}
        </Button>
        {canManage ? (
          <>
            <Button
              size="small"
              disabled={test.isPending || !endpoint.enabled}
              aria-label={`${test.isPending ? 'Sending…' : 'Send test event'} to ${endpoint.url}`}
              onClick={() => test.mutate()}
            >
              {test.isPending ? 'Sending…' : 'Send test event'}
            </Button>
            <Button
              size="small"
              disabled={toggle.isPending}
              aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
              onClick={() => toggle.mutate(!endpoint.enabled)}
            >
              {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button
              size="small"
              disabled={rotate.isPending}
              aria-label={`Rotate secret of ${endpoint.url}`}
              onClick={() =>
                confirm({
                  title: 'Rotate the signing secret?',
                  text: 'A new secret is shown once. For 24 hours deliveries carry a signature with each secret, so your endpoint can switch without missing any.',
                  action: 'Rotate secret',
                  onConfirm: () => rotate.mutate(),
                })
              }
            >
              Rotate secret
            </Button>
            <Button
              size="small"
              color="error"
              aria-label={`Delete ${endpoint.url}`}
              onClick={() =>
                confirm({
                  title: 'Delete this endpoint?',
                  text: `${endpoint.url} stops receiving events at once, and its deliveries log is deleted. This cannot be undone.`,
                  action: 'Delete endpoint',
                  onConfirm: () => remove.mutate(),
                })
              }
            >
              Delete
            </Button>
          </>
        ) : null}
      </div>
      {open ? (
        <DeliveriesLog endpoint={endpoint} canManage={canManage} id={`${id}-deliveries`} />
      ) : null}
    </li>
  );
}

export default function WebhooksPanel({ organization }: AccountContext): ReactNode {
  const role: Role = organization.role ?? 'viewer';
  const canManage = roleMay('POST /webhooks', role);
  const query = useQuery({ ...webhooksQuery(), enabled: roleMay('GET /webhooks', role) });
  const state = loadable(query);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const confirm = (next: Confirmation) =>
    setConfirmation({
      ...next,
      onConfirm: () => {
        setConfirmation(null);
        next.onConfirm();
      },
    });

  return (
    <div className={shared.stack}>
      {!roleMay('GET /webhooks', role) ? (
        <p className={shared.muted}>
          {roleNeededMessage('Reading webhook endpoints', 'GET /webhooks', organization)}
        </p>
      ) : null}
      {secret ? <SecretNotice secret={secret} onDone={() => setSecret(null)} /> : null}
      <section className={shared.card} aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        {state.kind === 'loading' && query.fetchStatus !== 'idle' ? (
          <p role="status">Loading endpoints…</p>
        ) : null}
        {state.kind === 'failed' ? (
          <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
        ) : null}
        {state.kind === 'ready' && state.data.webhooks.length === 0 ? (
          <p className={shared.muted}>No endpoints yet.</p>
        ) : null}
        {state.kind === 'ready' && state.data.webhooks.length > 0 ? (
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Webhook endpoints">
            {state.data.webhooks.map((endpoint) => (
              <EndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                canManage={canManage}
                confirm={confirm}
                onSecret={setSecret}
              />
            ))}
          </ul>
        ) : null}
      </section>
      <section className={shared.card} aria-labelledby="add-endpoint-heading">
        <h2 id="add-endpoint-heading">Add an endpoint</h2>
        {canManage ? (
          <>
            <p className={shared.muted}>
              An https URL on a public address; up to{' '}
              {state.kind === 'ready' ? state.data.max_endpoints : 16} endpoints. Check each
              delivery&apos;s signature with its secret: see the{' '}
              <a href="/dashboard/webhooks/">webhooks guide</a>.
            </p>
            <AddEndpointForm
              onCreated={(made) => setSecret({ url: made.url, value: made.secret })}
            />
          </>
        ) : (
          <p className={shared.muted}>
            {roleNeededMessage('Managing webhook endpoints', 'POST /webhooks', organization)} Ask an
            owner, admin or developer of the organization.
          </p>
        )}
      </section>
      <ConfirmDialog confirmation={confirmation} onCancel={() => setConfirmation(null)} />
    </div>
  );
}
