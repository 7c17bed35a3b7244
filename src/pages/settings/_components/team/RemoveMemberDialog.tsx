/**
 * Removing a member: the API keys they created stop working with them, so the dialog lists those
 * keys (last use, spend this month) and offers to hand them to another member who may hold keys
 * (owner, admin, developer) first; the server moves them and removes the member in one
 * transaction. Admin keys whose secret the member holds still end with them (roll them first).
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { roleMay, type Member } from '@contract';
import { apiKeysQuery } from '@site/src/api/queries';
import shared from '../shared/styles.module.css';
import { longLocalDate, usdCents } from '../shared/format';
import styles from './styles.module.css';

const who = (member: Member) => member.email ?? member.uid;

/** Nobody takes the keys over: they are deleted with the member. */
const DELETE_KEYS = '';

export default function RemoveMemberDialog({
  member,
  members,
  busy,
  onCancel,
  onConfirm,
}: {
  member: Member | null;
  members: Member[];
  busy: boolean;
  onCancel: () => void;
  onConfirm: (member: Member, handKeysTo: string | null) => void;
}): ReactNode {
  const id = useId();
  const keysQuery = useQuery({ ...apiKeysQuery(), enabled: member !== null });
  const heirs = members.filter((m) => m.uid !== member?.uid && roleMay('POST /api-key', m.role));
  const you = heirs.find((m) => m.you);
  const [choice, setChoice] = useState<string | null>(null);
  const heir = choice ?? you?.uid ?? heirs[0]?.uid ?? DELETE_KEYS;
  const keys = member
    ? (keysQuery.data?.api_keys ?? []).filter((key) => key.created_by === who(member))
    : [];
  const close = () => {
    setChoice(null);
    onCancel();
  };
  return (
    <Dialog
      open={member !== null}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>Remove {member ? who(member) : ''}?</DialogTitle>
      <DialogContent>
        <p id={`${id}-text`}>
          Their access to the organization ends at once.{' '}
          {keys.length > 0
            ? keys.length === 1
              ? 'This API key was created by them and stops working unless you hand it to another member first:'
              : `These ${keys.length} API keys were created by them and stop working unless you hand them to another member first:`
            : keysQuery.isPending
              ? 'Looking for the API keys they created…'
              : 'They created no API keys.'}
        </p>
        {keys.length > 0 && (
          <div className={shared.tableWrap}>
            <table className={`${shared.table} ${shared.stacked}`} aria-label="Their API keys">
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Last used</th>
                  <th scope="col">This month</th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id}>
                    <td data-label="Key" className={styles.wrap}>
                      <strong>{key.name}</strong> <code>{key.redacted}</code>
                      {key.mode === 'test' ? ' (test)' : ''}
                    </td>
                    <td data-label="Last used">
                      {key.last_used_at ? longLocalDate(key.last_used_at) : 'Never'}
                    </td>
                    <td data-label="This month" className={shared.num}>
                      {usdCents(key.month_to_date_usd)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {keys.length > 0 && (
          <label className={styles.handOver}>
            <span>Hand these keys to</span>
            <select
              className={styles.select}
              value={heir}
              onChange={(event) => setChoice(event.target.value)}
            >
              {heirs.map((m) => (
                <option key={m.uid} value={m.uid}>
                  {who(m)}
                  {m.you ? ' (you)' : ''} · {m.role}
                </option>
              ))}
              <option value={DELETE_KEYS}>Nobody: delete them (they stop working)</option>
            </select>
          </label>
        )}
        {keys.length > 0 && heir !== DELETE_KEYS && (
          <p className={shared.muted}>
            The keys keep working; their spend then counts towards the new holder&apos;s monthly
            limit. The member may still have copied their secrets: roll any key you do not trust.
          </p>
        )}
        <p className={shared.muted}>
          Admin keys whose secret they hold (created or rolled last by them) are deleted with them:
          to keep one, have another owner or admin roll it first.
        </p>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus>
          Cancel
        </Button>
        <Button
          color="error"
          variant="contained"
          disableElevation
          disabled={busy || member === null || (keysQuery.isPending && keysQuery.isFetching)}
          onClick={() => {
            if (!member) return;
            onConfirm(member, keys.length > 0 && heir !== DELETE_KEYS ? heir : null);
            setChoice(null);
          }}
        >
          {keys.length > 0 && heir !== DELETE_KEYS ? 'Hand over keys and remove' : 'Remove member'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
