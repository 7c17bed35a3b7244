/**
 * The members of the organization: e-mail, role, joined, last active, monthly spend limit and
 * what their keys spent this month. Owners and admins change roles and limits and remove members;
 * the owner's role changes only by a transfer (below). Native selects and inputs: each is labelled
 * with the member it is for.
 */
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  ASSIGNABLE_ROLES,
  ROLE_LABELS,
  roleMay,
  type AssignableRole,
  type Member,
  type Role,
} from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { invalidateApiKeys, loadable } from '@site/src/api/queries';
import { notify } from '@site/src/components/Notifications';
import RetryAlert from '@site/src/components/RetryAlert';
import ScrollTable from '@site/src/components/ScrollTable';
import shared from '../shared/styles.module.css';
import { longLocalDate, usdCents } from '../shared/format';
import RemoveMemberDialog from './RemoveMemberDialog';
import { invalidateTeam, membersQuery } from './queries';
import styles from './styles.module.css';

const who = (member: Member) => member.email ?? member.uid;

function LimitEditor({ member }: { member: Member }): ReactNode {
  const [value, setValue] = useState(
    member.monthly_limit_usd === null ? '' : String(member.monthly_limit_usd),
  );
  const save = useMutation({
    mutationFn: (limit: number | null) =>
      account
        .v1('PATCH /team/members/{uid}', {
          params: { uid: member.uid },
          body: { monthly_limit_usd: limit },
        })
        .then(unwrap),
    onSuccess: (saved) => {
      notify({
        severity: 'success',
        message:
          saved.monthly_limit_usd === null
            ? `${who(member)} has no monthly limit now.`
            : `${who(member)} may spend ${usdCents(saved.monthly_limit_usd)} a month.`,
      });
      void invalidateTeam();
    },
  });
  const parsed = value.trim() === '' ? null : Number(value);
  const invalid = parsed !== null && (!Number.isFinite(parsed) || parsed < 0);
  return (
    <form
      className={styles.inline}
      onSubmit={(event) => {
        event.preventDefault();
        if (!invalid) save.mutate(parsed);
      }}
    >
      <input
        className={styles.input}
        type="number"
        min={0}
        step={0.01}
        inputMode="decimal"
        placeholder="No limit"
        aria-label={`Monthly spend limit of ${who(member)} (USD)`}
        aria-invalid={invalid || undefined}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button size="small" type="submit" disabled={save.isPending || invalid}>
        Save limit
      </Button>
    </form>
  );
}

export default function MembersCard({ role }: { role: Role }): ReactNode {
  const query = useQuery(membersQuery());
  const state = loadable(query);
  const manage = roleMay('PATCH /team/members/{uid}', role);
  const changeRole = useMutation({
    mutationFn: ({ member, next }: { member: Member; next: AssignableRole }) =>
      account
        .v1('PATCH /team/members/{uid}', { params: { uid: member.uid }, body: { role: next } })
        .then(unwrap),
    onSuccess: (saved) => {
      notify({
        severity: 'success',
        message: `${who(saved)} is now ${ROLE_LABELS[saved.role].toLowerCase()}.`,
      });
      void invalidateTeam();
    },
  });
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useMutation({
    mutationFn: ({ member, handKeysTo }: { member: Member; handKeysTo: string | null }) =>
      account
        .v1('DELETE /team/members/{uid}', {
          params: { uid: member.uid },
          ...(handKeysTo ? { query: { hand_keys_to: handKeysTo } } : {}),
        })
        .then(unwrap),
    onSuccess: (result, { member }) => {
      setRemoving(null);
      const keys = result.api_keys_handed_over;
      const rotated = result.api_keys_rotated;
      const removed =
        keys > 0
          ? `${who(member)} is removed; ${keys === 1 ? 'their key was' : `their ${keys} keys were`} handed over.`
          : `${who(member)} is removed.`;
      notify({
        severity: 'success',
        message:
          rotated.length > 0
            ? `${removed} New secrets, the old ones refused from now on: ${rotated.join(', ')}.`
            : removed,
      });
      void invalidateTeam();
      void invalidateApiKeys();
    },
  });

  return (
    <section className={shared.card} aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {!manage ? (
        <p className={shared.muted}>
          Owners and admins manage members; your role is {ROLE_LABELS[role].toLowerCase()}.
        </p>
      ) : null}
      {state.kind === 'loading' ? <p className={shared.muted}>Loading members…</p> : null}
      {state.kind === 'failed' ? (
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      ) : null}
      {state.kind === 'ready' ? (
        <ScrollTable label="Members">
          <table className={`${shared.table} ${shared.cardRows}`} aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Last active</th>
                <th scope="col">Spent this month</th>
                <th scope="col">Monthly limit</th>
                {manage ? (
                  <th scope="col">
                    <span className={shared.visuallyHidden}>Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {state.data.members.map((member) => {
                const editable = manage && member.role !== 'owner';
                return (
                  <tr key={member.uid}>
                    <td data-label="Member" className={shared.wideCell}>
                      {who(member)}
                      {member.you ? <span className={styles.you}> (you)</span> : null}
                    </td>
                    <td data-label="Role">
                      {editable ? (
                        <select
                          className={styles.select}
                          aria-label={`Role of ${who(member)}`}
                          value={member.role}
                          disabled={changeRole.isPending}
                          onChange={(event) =>
                            changeRole.mutate({
                              member,
                              next: event.target.value as AssignableRole,
                            })
                          }
                        >
                          {ASSIGNABLE_ROLES.map((option) => (
                            <option key={option} value={option}>
                              {ROLE_LABELS[option]}
                            </option>
                          ))}
                        </select>
                      ) : (
                        ROLE_LABELS[member.role]
                      )}
                    </td>
                    <td data-label="Joined">{longLocalDate(member.joined_at)}</td>
                    <td data-label="Last active">
                      {member.last_active_at ? longLocalDate(member.last_active_at) : 'Never'}
                    </td>
                    <td data-label="Spent this month" className={shared.num}>
                      {usdCents(member.month_to_date_usd)}
                    </td>
                    <td data-label="Monthly limit">
                      {manage ? (
                        <LimitEditor member={member} />
                      ) : member.monthly_limit_usd === null ? (
                        'None'
                      ) : (
                        usdCents(member.monthly_limit_usd)
                      )}
                    </td>
                    {manage ? (
                      <td data-label="Actions" className={shared.wideCell}>
                        {editable && !member.you ? (
                          <Button
                            size="small"
                            color="error"
                            aria-label={`Remove ${who(member)}`}
                            onClick={() => setRemoving(member)}
                          >
                            Remove
                          </Button>
                        ) : null}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollTable>
      ) : null}
      {manage && state.kind === 'ready' ? (
        <RemoveMemberDialog
          member={removing}
          members={state.data.members}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={(member, handKeysTo) => remove.mutate({ member, handKeysTo })}
        />
      ) : null}
    </section>
  );
}
