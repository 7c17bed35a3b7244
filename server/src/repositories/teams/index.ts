/**
 * Organizations as teams: memberships and roles, the selected organization, invitations and
 * admin keys. Every change takes the team's lock (a transaction-scoped advisory lock per
 * organization), re-reads the acting member's role under it, and writes its audit entry in the
 * same transaction, so two concurrent changes can never act on stale roles.
 *
 * One repository made of three, by resource: members.ts, invitations.ts, adminKeys.ts (shared.ts:
 * the lock, the role check, row types and messages).
 */
import type { Database } from '../../db/client';
import type { KeySecrets } from '../../lib/keys';
import { adminKeysRepository } from './adminKeys';
import { invitationsRepository } from './invitations';
import { membersRepository } from './members';

export * from './shared';

/** `secrets`: to rotate the secrets a leaving or demoted member read (issue 31). */
export function createTeamsRepository(db: Database, secrets?: KeySecrets) {
  return {
    ...membersRepository(db, secrets),
    ...invitationsRepository(db),
    ...adminKeysRepository(db),
  };
}
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
