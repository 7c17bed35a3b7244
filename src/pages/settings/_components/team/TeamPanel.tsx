/**
 * /settings/team/: who belongs to the selected organization and with which role, invitations,
 * admin keys, transferring ownership or leaving, and creating another organization. What a role
 * may not do is not offered, and the page says why (the contract's `roleMay`); the server checks
 * every call again.
 */
import Button from '@mui/material/Button';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, roleMay, type Role } from '@contract';
import { account } from '@site/src/api';
import { unwrap } from '@site/src/api/cache';
import { rememberOrganization } from '@site/src/api/organization';
import { roleNeededMessage } from '@site/src/api/roles';
import type { AccountContext } from '@site/src/components/AccountPage';
import { notify } from '@site/src/components/Notifications';
import OrganizationForm from '@site/src/components/OrganizationForm';
import shared from '../shared/styles.module.css';
import AdminKeysCard from './AdminKeysCard';
import ConfirmDialog, { type Confirmation } from './ConfirmDialog';
import InvitationsCard from './InvitationsCard';
import MembersCard from './MembersCard';
import { invalidateTeam, membersQuery } from './queries';
import styles from './styles.module.css';

function OwnershipCard({
  role,
  organization,
  confirm,
}: {
  role: Role;
  organization: string;
  confirm: (confirmation: Confirmation) => void;
}): ReactNode {
  const members = useQuery({ ...membersQuery(), enabled: role === 'owner' });
  const [heir, setHeir] = useState('');
  const transfer = useMutation({
    mutationFn: (uid: string) => account.v1('POST /team/transfer', { body: { uid } }).then(unwrap),
    onSuccess: () => {
      notify({ severity: 'success', message: 'Ownership is transferred. You are now an admin.' });
      void invalidateTeam();
    },
  });
  const leave = useMutation({
    mutationFn: () => account.v1('POST /team/leave').then(unwrap),
    onSuccess: () => {
      notify({ severity: 'success', message: `You left ${organization}.` });
      // The server's default organization from now on.
      rememberOrganization(null);
    },
  });
  const candidates =
    members.data?.members.filter((member) => member.role !== 'owner' && !member.you) ?? [];

  return (
    <section className={shared.card} aria-labelledby="ownership-heading">
      <h2 id="ownership-heading">{role === 'owner' ? 'Ownership' : 'Leave the organization'}</h2>
      {role === 'owner' ? (
        <>
          <p className={shared.muted}>
            You own {organization}. To leave it, first transfer ownership to another member: they
            become the owner and you become an admin.
          </p>
          {candidates.length === 0 ? (
            <p className={shared.muted}>Invite a member first to transfer ownership to them.</p>
          ) : (
            <form
              className={styles.form}
              aria-label="Transfer ownership"
              onSubmit={(event) => {
                event.preventDefault();
                const member = candidates.find((m) => m.uid === heir);
                if (!member) return;
                confirm({
                  title: `Transfer ${organization} to ${member.email ?? member.uid}?`,
                  text: 'They become the owner, with every right; you become an admin. Only they can give it back.',
                  action: 'Transfer ownership',
                  onConfirm: () => transfer.mutate(member.uid),
                });
              }}
            >
              <label className={styles.field}>
                New owner
                <select
                  className={styles.select}
                  value={heir}
                  required
                  onChange={(event) => setHeir(event.target.value)}
                >
                  <option value="">Choose a member</option>
                  {candidates.map((member) => (
                    <option key={member.uid} value={member.uid}>
                      {member.email ?? member.uid} ({ROLE_LABELS[member.role]})
                    </option>
                  ))}
                </select>
              </label>
              <Button
                type="submit"
                variant="outlined"
                color="error"
                disabled={!heir || transfer.isPending}
              >
                Transfer ownership
              </Button>
            </form>
          )}
        </>
      ) : (
        <>
          <p className={shared.muted}>
            You lose access to {organization} at once. The API keys you created in it are deleted,
            and so are the admin keys whose secret you hold (those you created or rolled last): to
            keep one, ask another owner or admin to roll it before you leave.
          </p>
          <Button
            variant="outlined"
            color="error"
            disabled={leave.isPending}
            onClick={() =>
              confirm({
                title: `Leave ${organization}?`,
                text: 'You lose access at once. The API keys you created are deleted, and so are the admin keys whose secret you hold (those you created or rolled last); another owner or admin can roll such a key first to keep it. Only an owner or admin can invite you again.',
                action: 'Leave organization',
                onConfirm: () => leave.mutate(),
              })
            }
          >
            Leave organization
          </Button>
        </>
      )}
    </section>
  );
}

export default function TeamPanel({ organization, setOrganization }: AccountContext): ReactNode {
  const role: Role = organization.role ?? 'viewer';
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
    <div className={styles.stack}>
      <section className={shared.card} aria-labelledby="role-heading">
        <h2 id="role-heading">{organization.name}</h2>
        <p>
          Your role: <strong>{ROLE_LABELS[role]}</strong>. {ROLE_DESCRIPTIONS[role]}
        </p>
        <p className={shared.muted}>
          Switch between your organizations in the account menu. Everything on these pages follows
          the organization you select.
        </p>
      </section>
      <MembersCard role={role} />
      {roleMay('POST /team/invitations', role) ? <InvitationsCard /> : null}
      {roleMay('GET /admin-keys', role) ? <AdminKeysCard confirm={confirm} /> : null}
      {!roleMay('POST /team/invitations', role) || !roleMay('GET /admin-keys', role) ? (
        <section className={shared.card} aria-labelledby="managers-heading">
          <h2 id="managers-heading">Invitations and admin keys</h2>
          <p className={shared.muted}>
            {roleNeededMessage(
              'Inviting members and managing admin keys',
              'POST /team/invitations',
              organization,
            )}{' '}
            Ask an owner or admin of the organization.
          </p>
        </section>
      ) : null}
      <OwnershipCard role={role} organization={organization.name} confirm={confirm} />
      <section className={shared.card} aria-labelledby="create-heading" id="create-organization">
        <h2 id="create-heading">Create another organization</h2>
        <p className={shared.muted}>
          A separate team with its own credits, keys and members. You become its owner.
        </p>
        <OrganizationForm
          mode="create"
          onSaved={setOrganization}
          onCreated={(created) => rememberOrganization(created.id)}
        />
      </section>
      <ConfirmDialog confirmation={confirmation} onCancel={() => setConfirmation(null)} />
    </div>
  );
}
