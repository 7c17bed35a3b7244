/**
 * Inviting people by e-mail with a role, and the pending invitations (resend: a new link, the old
 * one ends; revoke). Owners and admins only; the server says so too.
 */
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import {
  ASSIGNABLE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  VERIFY_TO_INVITE_MESSAGE,
  type AssignableRole,
} from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { loadable } from '@site/src/api/queries';
import VerifyEmailNotice from '@site/src/components/EmailVerificationBanner/VerifyEmailNotice';
import { notify } from '@site/src/components/Notifications';
import RetryAlert from '@site/src/components/RetryAlert';
import ScrollTable from '@site/src/components/ScrollTable';
import shared from '../shared/styles.module.css';
import { longLocalDate } from '../shared/format';
import { invalidateTeam, invitationsQuery } from './queries';
import styles from './styles.module.css';

export default function InvitationsCard(): ReactNode {
  const id = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('developer');
  const query = useQuery(invitationsQuery());
  const state = loadable(query);
  const invite = useMutation({
    mutationFn: () =>
      account.v1('POST /team/invitations', { body: { email: email.trim(), role } }).then(unwrap),
    onSuccess: (sent) => {
      notify({ severity: 'success', message: `Invitation sent to ${sent.email}.` });
      setEmail('');
      void invalidateTeam();
    },
  });
  const resend = useMutation({
    mutationFn: (invitationId: string) =>
      account
        .v1('POST /team/invitations/{invitation_id}/resend', {
          params: { invitation_id: invitationId },
        })
        .then(unwrap),
    onSuccess: (sent) => {
      notify({ severity: 'success', message: `A new link was sent to ${sent.email}.` });
      void invalidateTeam();
    },
  });
  const revoke = useMutation({
    mutationFn: (invitation: { id: string; email: string }) =>
      account
        .v1('DELETE /team/invitations/{invitation_id}', {
          params: { invitation_id: invitation.id },
        })
        .then(unwrap),
    onSuccess: (_, invitation) => {
      notify({ severity: 'success', message: `The invitation to ${invitation.email} is revoked.` });
      void invalidateTeam();
    },
  });

  const unverified = [invite.error, resend.error].some(
    (error) => error?.message === VERIFY_TO_INVITE_MESSAGE,
  );

  return (
    <section className={shared.card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Invitations</h2>
      <p className={shared.muted}>The link works once, for the invited address only, for 7 days.</p>
      <form
        className={styles.form}
        aria-label="Invite a member"
        onSubmit={(event) => {
          event.preventDefault();
          if (email.trim()) invite.mutate();
        }}
      >
        <label className={styles.field}>
          E-mail address
          <input
            className={styles.input}
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className={styles.field}>
          Role
          <select
            className={styles.select}
            value={role}
            onChange={(event) => setRole(event.target.value as AssignableRole)}
            aria-describedby={`${id}-role-help`}
          >
            {ASSIGNABLE_ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABELS[option]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="contained" disableElevation disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      <p id={`${id}-role-help`} className={shared.muted}>
        {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
      </p>
      {unverified ? (
        // Inviting needs a verified address: the way to verify it, then the invitation again.
        <VerifyEmailNotice
          message={VERIFY_TO_INVITE_MESSAGE}
          onVerified={() => {
            invite.reset();
            resend.reset();
            if (email.trim()) invite.mutate();
          }}
        />
      ) : null}
      {state.kind === 'failed' ? (
        <RetryAlert message={state.message} onRetry={() => void query.refetch()} />
      ) : null}
      {state.kind === 'ready' && state.data.invitations.length === 0 ? (
        <p className={shared.muted}>No pending invitations.</p>
      ) : null}
      {state.kind === 'ready' && state.data.invitations.length > 0 ? (
        <ScrollTable label="Pending invitations">
          <table className={`${shared.table} ${shared.cardRows}`} aria-label="Pending invitations">
            <thead>
              <tr>
                <th scope="col">E-mail address</th>
                <th scope="col">Role</th>
                <th scope="col">Sent</th>
                <th scope="col">Link</th>
                <th scope="col">
                  <span className={shared.visuallyHidden}>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.data.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <td data-label="E-mail address" className={shared.wideCell}>
                    {invitation.email}
                  </td>
                  <td data-label="Role">{ROLE_LABELS[invitation.role]}</td>
                  <td data-label="Sent">{longLocalDate(invitation.created_at)}</td>
                  <td data-label="Link">
                    {invitation.status === 'expired'
                      ? 'Expired'
                      : `Works until ${longLocalDate(invitation.expires_at)}`}
                  </td>
                  <td data-label="Actions" className={shared.wideCell}>
                    <div className={styles.inline}>
                      <Button
                        size="small"
                        disabled={resend.isPending}
                        onClick={() => resend.mutate(invitation.id)}
                        aria-label={`Resend the invitation to ${invitation.email}`}
                      >
                        Resend
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        disabled={revoke.isPending}
                        onClick={() => revoke.mutate(invitation)}
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                      >
                        Revoke
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
