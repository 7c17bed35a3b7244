/**
 * /settings/audit-log/ (owners and admins): who did what, when and from where, newest first,
 * filtered by actor, action and dates, paged, and exported as CSV (the server's, formula-safe).
 */
import Button from '@mui/material/Button';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AUDIT_ACTIONS, roleMay, type AuditEntry, type AuditLogQuery } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { loadable, v1Key } from '@site/src/api/queries';
import type { AccountContext } from '@site/src/components/AccountPage';
import RetryAlert from '@site/src/components/RetryAlert';
import ScrollTable from '@site/src/components/ScrollTable';
import { dateTime } from '@site/src/format/dates';
import { csvBlob, saveFile } from '../shared/download';
import Pager from '../shared/Pager';
import shared from '../shared/styles.module.css';
import team from '../team/styles.module.css';
import styles from './styles.module.css';

const PAGE_SIZE = 25;

function describe(entry: AuditEntry): string {
  const details = Object.entries(entry.details)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${value === null ? 'none' : String(value)}`)
    .join(', ');
  return [entry.target, details].filter(Boolean).join(' — ');
}

function actorOf(entry: AuditEntry): string {
  if (entry.actor.kind === 'system') return 'VisionAPI';
  const label = entry.actor.label ?? entry.actor.id ?? 'Unknown';
  return entry.actor.kind === 'admin_key' ? `Admin key “${label}”` : label;
}

const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined);
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined);

export default function AuditLogPanel({ organization }: AccountContext): ReactNode {
  const role = organization.role ?? 'viewer';
  const [draft, setDraft] = useState({ actor: '', action: '', start: '', end: '' });
  const [filter, setFilter] = useState(draft);
  const [skip, setSkip] = useState(0);
  const query: AuditLogQuery = {
    ...(filter.actor.trim() && { actor: filter.actor.trim() }),
    ...(filter.action && { action: filter.action }),
    ...(filter.start && { start: dayStart(filter.start) }),
    ...(filter.end && { end: dayEnd(filter.end) }),
  };
  const allowed = roleMay('GET /audit-log', role);
  const log = useQuery({
    queryKey: v1Key('GET /audit-log', { ...query, skip, limit: PAGE_SIZE }),
    queryFn: () =>
      account.v1('GET /audit-log', { query: { ...query, skip, limit: PAGE_SIZE } }).then(unwrap),
    placeholderData: keepPreviousData,
    enabled: allowed,
  });
  const exportCsv = useMutation({
    mutationFn: () => account.v1('GET /audit-log.csv', { query }).then(unwrap),
    onSuccess: (csv) => saveFile('audit-log.csv', csvBlob(csv)),
  });

  if (!allowed) {
    return (
      <section className={shared.card}>
        <p>
          The audit log is for owners and admins. Your role in {organization.name} is {role}.
        </p>
      </section>
    );
  }
  const state = loadable(log);
  return (
    <section className={shared.card} aria-labelledby="audit-heading">
      <div className={shared.cardHeader}>
        <h2 id="audit-heading">Activity</h2>
        <Button
          variant="outlined"
          size="small"
          disabled={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          Export CSV
        </Button>
      </div>
      <form
        className={team.form}
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setSkip(0);
          setFilter(draft);
        }}
      >
        <label className={team.field}>
          Actor (e-mail address)
          <input
            className={team.input}
            maxLength={254}
            value={draft.actor}
            onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
          />
        </label>
        <label className={team.field}>
          Action
          <select
            className={team.select}
            value={draft.action}
            onChange={(event) => setDraft({ ...draft, action: event.target.value })}
          >
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </label>
        <label className={team.field}>
          From
          <input
            className={team.input}
            type="date"
            value={draft.start}
            onChange={(event) => setDraft({ ...draft, start: event.target.value })}
          />
        </label>
        <label className={team.field}>
          To
          <input
            className={team.input}
            type="date"
            value={draft.end}
            onChange={(event) => setDraft({ ...draft, end: event.target.value })}
          />
        </label>
        <Button type="submit" variant="contained" disableElevation>
          Filter
        </Button>
      </form>
      {state.kind === 'loading' ? <p className={shared.muted}>Loading the audit log…</p> : null}
      {state.kind === 'failed' ? (
        <RetryAlert message={state.message} onRetry={() => void log.refetch()} />
      ) : null}
      {state.kind === 'ready' && state.data.entries.length === 0 ? (
        <p className={shared.muted}>Nothing matches these filters.</p>
      ) : null}
      {state.kind === 'ready' && state.data.entries.length > 0 ? (
        <>
          <ScrollTable label="Audit log">
            <table className={`${shared.table} ${shared.stacked}`} aria-label="Audit log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">What</th>
                  <th scope="col">IP address</th>
                </tr>
              </thead>
              <tbody>
                {state.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td data-label="When">{dateTime(entry.at)}</td>
                    <td data-label="Who">{actorOf(entry)}</td>
                    <td data-label="Action">
                      {/* Breaks after the dot, never inside a word: `member.` `invited`. */}
                      <code className={styles.action}>
                        {entry.action.split('.').map((part, index) => (
                          <span key={part}>
                            {index > 0 ? '.' : null}
                            {index > 0 ? <wbr /> : null}
                            {part}
                          </span>
                        ))}
                      </code>
                    </td>
                    <td data-label="What">{describe(entry)}</td>
                    <td data-label="IP address">{entry.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
          <Pager
            summary={`${skip + 1}–${skip + state.data.entries.length} of ${state.data.total}`}
            skip={skip}
            pageSize={PAGE_SIZE}
            hasMore={skip + state.data.entries.length < state.data.total}
            onSkip={setSkip}
          />
        </>
      ) : null}
    </section>
  );
}
