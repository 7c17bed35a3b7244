/**
 * What the team repositories share: the team's lock, the acting member's role re-read under it,
 * one transaction per change of the team, row types and messages.
 */
import { and, eq, sql } from 'drizzle-orm';
import { type Role } from '@contract';
import type { Database, Executor } from '../../db/client';
import type { adminKeys, invitations } from '../../db/schema';
import { memberships } from '../../db/schema';
import { ApiError, forbidden } from '../../lib/errors';
import { type Actor } from '../audit';
import type { OrganizationRow } from '../organizations';

export type MembershipRow = typeof memberships.$inferSelect;
/** A member as the team page shows them: with what their keys spent this UTC month. */
export type MemberRow = MembershipRow & { monthSpendMicros: number };
export type InvitationRow = typeof invitations.$inferSelect;
export type AdminKeyRow = typeof adminKeys.$inferSelect;

export const MEMBER_NOT_FOUND = 'Member not found in this organization.';
export const INVITATION_NOT_FOUND = 'Invitation not found. It may have been accepted or revoked.';
export const INVITATION_LINK_INVALID =
  'This invitation link is not valid. Ask the organization for a new invitation.';
export const INVITATION_LINK_USED = 'This invitation link was already used.';
export const INVITATION_LINK_REVOKED =
  'This invitation was revoked or replaced by a newer one. Use the link in the latest e-mail, or ask for a new invitation.';
export const INVITATION_LINK_EXPIRED =
  'This invitation link has expired. Ask the organization to resend the invitation.';
export const MANAGER_LIMIT_OWNER_ONLY =
  "Only the owner sets the monthly spend limit of an owner or an admin, an admin's own included.";
export const ADMIN_KEY_NOT_FOUND = 'Admin key not found.';
export const OWNER_ROLE_FIXED =
  "The owner's role changes only by a transfer of ownership. Transfer ownership first.";

/** A member's organization, as every organization-scoped call sees it. */
export interface MemberContext {
  organization: OrganizationRow;
  membership: MembershipRow;
}

export const DAY_MS = 86_400_000;

/** One lock per organization's team: every change of members, invitations or admin keys. */
export async function lockTeam(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`team:${organizationId}`}, 0))`,
  );
}

/** The actor's role, re-read under the team lock; refuses a role that no longer allows the change. */
export async function requireRoleUnderLock(
  tx: Executor,
  organizationId: string,
  actor: Actor,
  roles: readonly Role[],
): Promise<Role> {
  if (actor.kind !== 'user' || !actor.id) throw forbidden('Only a member can make this change.');
  const [row] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, actor.id)));
  if (!row) {
    throw new ApiError(
      'organization_not_found',
      'Organization not found, or you are no longer one of its members.',
    );
  }
  if (!roles.includes(row.role)) {
    throw new ApiError(
      'role_forbidden',
      `This change needs the ${roles.join(' or ')} role; your role is now ${row.role}.`,
    );
  }
  return row.role;
}

/**
 * A change of the team: one transaction, under the team's lock, by a member whose role allows it
 * now (re-read under the lock), with the role it found.
 */
export function teamChange<T>(
  db: Database,
  organizationId: string,
  actor: Actor,
  roles: readonly Role[],
  change: (tx: Executor, role: Role) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await lockTeam(tx, organizationId);
    const role = await requireRoleUnderLock(tx, organizationId, actor, roles);
    return change(tx, role);
  });
}

/** Addresses compared as the invitation stored them. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
