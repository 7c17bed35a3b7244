/**
 * Organizations as teams: memberships and roles, the selected organization, invitations and
 * admin keys. Every change takes the team's lock (a transaction-scoped advisory lock per
 * organization), re-reads the acting member's role under it, and writes its audit entry in the
 * same transaction, so two concurrent changes can never act on stale roles.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  INVITATION_VALID_DAYS,
  INVITATIONS_PER_HOUR,
  MAX_ADMIN_KEYS,
  MAX_MEMBERS,
  MAX_PENDING_INVITATIONS,
  ROLES,
  type AssignableRole,
  type Role,
} from '@contract';
import type { Database, Executor } from '../db/client';
import {
  adminKeys,
  apiKeys,
  auditLog,
  deletedKeySpend,
  invitations,
  membershipRemovals,
  memberships,
  organizations,
  userPreferences,
} from '../db/schema';
import { ApiError, conflict, forbidden, gone, notFound } from '../lib/errors';
import { isUuid } from '../lib/keys';
import { utcMonth } from '../lib/month';
import { recordAudit, type Actor } from './audit';
import { keepDeletedKeySpend } from './ledger';
import type { OrganizationRow } from './organizations';

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
export const ADMIN_KEY_NOT_FOUND = 'Admin key not found.';
export const OWNER_ROLE_FIXED =
  "The owner's role changes only by a transfer of ownership. Transfer ownership first.";

/** A member's organization, as every organization-scoped call sees it. */
export interface MemberContext {
  organization: OrganizationRow;
  membership: MembershipRow;
}

const DAY_MS = 86_400_000;

/** One lock per organization's team: every change of members, invitations or admin keys. */
async function lockTeam(tx: Executor, organizationId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`team:${organizationId}`}, 0))`,
  );
}

/** The actor's role, re-read under the team lock; refuses a role that no longer allows the change. */
async function requireRoleUnderLock(
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

const MANAGERS: readonly Role[] = ['owner', 'admin'];
const OWNER_ONLY: readonly Role[] = ['owner'];
/** Who may hold API keys (create and manage them): a removed member's keys go to one of these. */
const KEY_HOLDERS: readonly Role[] = ['owner', 'admin', 'developer'];
/** How long a removed person is told who removed them. */
const REMOVAL_NOTICE_DAYS = 90;

/**
 * A change of the team: one transaction, under the team's lock, by a member whose role allows it
 * now (re-read under the lock), with the role it found.
 */
function teamChange<T>(
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

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * A member leaves (or is removed): the membership goes, the keys they created stop working at
 * once (deleted; an in-browser key passes to the owner instead, so the site keeps working), so
 * do the admin keys whose current secret was shown to them (made or last rolled by them: they
 * may have kept it; rolled by someone else first, a key survives), and an organization they had
 * selected is no longer their default.
 */
async function dropMember(
  tx: Executor,
  organizationId: string,
  uid: string,
): Promise<{ apiKeys: number; adminKeys: number }> {
  const owner = await tx
    .select({ uid: memberships.uid })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')));
  await tx
    .update(apiKeys)
    .set({ createdByUid: owner[0]?.uid ?? null })
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        eq(apiKeys.createdByUid, uid),
        eq(apiKeys.usedForUi, true),
      ),
    );
  const deleted = await tx
    .delete(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.createdByUid, uid)))
    .returning();
  // Kept for the member's monthly spend, should they join again this month.
  await keepDeletedKeySpend(tx, deleted);
  if (deleted.some((key) => key.isDefault)) {
    const [first] = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(eq(apiKeys.organizationId, organizationId))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
      .limit(1);
    if (first) await tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, first.id));
  }
  const machines = await tx
    .delete(adminKeys)
    .where(and(eq(adminKeys.organizationId, organizationId), eq(adminKeys.secretHolderUid, uid)))
    .returning({ id: adminKeys.id });
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)));
  await tx
    .update(userPreferences)
    .set({ selectedOrganizationId: null, updatedAt: new Date() })
    .where(
      and(eq(userPreferences.uid, uid), eq(userPreferences.selectedOrganizationId, organizationId)),
    );
  return { apiKeys: deleted.length, adminKeys: machines.length };
}

export function createTeamsRepository(db: Database) {
  // Every organization-scoped call starts here: the caller's membership in the organization they
  // name, or else their selected one, or else the first they joined (owned ones first).
  const membershipQuery = db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .leftJoin(userPreferences, eq(userPreferences.uid, memberships.uid))
    .where(
      and(
        eq(memberships.uid, sql.placeholder('uid')),
        sql`(${sql.placeholder('org')}::uuid is null or ${memberships.organizationId} = ${sql.placeholder('org')}::uuid)`,
      ),
    )
    .orderBy(
      sql`(${memberships.organizationId} = ${userPreferences.selectedOrganizationId}) is true desc`,
      sql`(${memberships.role} = 'owner') desc`,
      asc(memberships.createdAt),
    )
    .limit(1)
    .prepare('membership_for_call');

  return {
    /** The caller's membership; null when they are not a member (of the named organization). */
    async membershipFor(uid: string, organizationId: string | null): Promise<MemberContext | null> {
      if (organizationId !== null && !isUuid(organizationId)) return null;
      const [row] = await membershipQuery.execute({ uid, org: organizationId });
      return row ?? null;
    },

    /** Marks the member active; cheap enough to call when the stored time is stale. */
    async touch(organizationId: string, uid: string): Promise<void> {
      await db
        .update(memberships)
        .set({ lastActiveAt: new Date() })
        .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)));
    },

    async organizationsOf(uid: string) {
      const rows = await db
        .select({
          id: organizations.id,
          name: organizations.name,
          role: memberships.role,
          createdAt: memberships.createdAt,
        })
        .from(memberships)
        .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
        .where(eq(memberships.uid, uid))
        .orderBy(asc(memberships.createdAt), asc(organizations.id));
      return rows;
    },

    /**
     * Makes an organization the one the user's calls act on by default. Switching into an
     * organization is a sign-in to it, recorded in its audit log (once per switch).
     */
    async select(uid: string, organizationId: string, actor: Actor): Promise<MemberContext> {
      const found = await this.membershipFor(uid, organizationId);
      if (!found) throw notFound('Organization not found, or you are not one of its members.');
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ selected: userPreferences.selectedOrganizationId })
          .from(userPreferences)
          .where(eq(userPreferences.uid, uid))
          .for('update');
        await tx
          .insert(userPreferences)
          .values({ uid, selectedOrganizationId: organizationId })
          .onConflictDoUpdate({
            target: userPreferences.uid,
            set: { selectedOrganizationId: organizationId, updatedAt: new Date() },
          });
        if (before?.selected !== organizationId) {
          await recordAudit(tx, actor, {
            organizationId,
            action: 'member.signed_in',
            target: actor.label ?? uid,
            details: { role: found.membership.role },
          });
        }
      });
      return found;
    },

    /** Each member's address by uid (one indexed read): who created a key, in the key list. */
    async memberEmails(organizationId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ uid: memberships.uid, email: memberships.email })
        .from(memberships)
        .where(eq(memberships.organizationId, organizationId));
      return new Map(rows.map((row) => [row.uid, row.email ?? row.uid]));
    },

    async members(organizationId: string, uid?: string): Promise<MemberRow[]> {
      const rows = await db
        .select({
          membership: memberships,
          // Their keys' spend this month, the keys they deleted included.
          monthSpendMicros: sql<string>`(select coalesce(sum(${apiKeys.monthSpendMicros}), 0) from ${apiKeys}
            where ${apiKeys.organizationId} = ${memberships.organizationId}
              and ${apiKeys.createdByUid} = ${memberships.uid}
              and ${apiKeys.spendMonth} = ${utcMonth()}::date)
            + (select coalesce(sum(${deletedKeySpend.monthSpendMicros}), 0) from ${deletedKeySpend}
            where ${deletedKeySpend.organizationId} = ${memberships.organizationId}
              and ${deletedKeySpend.createdByUid} = ${memberships.uid}
              and ${deletedKeySpend.spendMonth} = ${utcMonth()}::date)`,
        })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, organizationId),
            uid === undefined ? undefined : eq(memberships.uid, uid),
          ),
        )
        .orderBy(
          sql`case ${memberships.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
          asc(memberships.createdAt),
          asc(memberships.uid),
        );
      return rows.map((row) => ({
        ...row.membership,
        monthSpendMicros: Number(row.monthSpendMicros),
      }));
    },

    async updateMember(
      organizationId: string,
      uid: string,
      patch: { role?: AssignableRole; monthlyLimitMicros?: number | null },
      actor: Actor,
    ): Promise<MembershipRow> {
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [target] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)));
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (patch.role !== undefined && target.role === 'owner') throw conflict(OWNER_ROLE_FIXED);
        const [row] = await tx
          .update(memberships)
          .set({
            ...(patch.role !== undefined && { role: patch.role }),
            ...(patch.monthlyLimitMicros !== undefined && {
              monthlyLimitMicros: patch.monthlyLimitMicros,
            }),
          })
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)))
          .returning();
        if (patch.role !== undefined && patch.role !== target.role) {
          await recordAudit(tx, actor, {
            organizationId,
            action: 'member.role_changed',
            target: target.email ?? uid,
            details: { from: target.role, to: patch.role },
          });
        }
        if (
          patch.monthlyLimitMicros !== undefined &&
          patch.monthlyLimitMicros !== target.monthlyLimitMicros
        ) {
          await recordAudit(tx, actor, {
            organizationId,
            action: 'member.limit_set',
            target: target.email ?? uid,
            details: {
              monthly_limit_usd:
                patch.monthlyLimitMicros === null ? null : patch.monthlyLimitMicros / 1_000_000,
            },
          });
        }
        return row!;
      });
    },

    /**
     * Removes a member. `handKeysTo`: another member (owner, admin or developer) who takes over
     * the API keys the removed member created, so they keep working (their spend then counts
     * towards that member's limit); without it those keys are deleted. Either way the removed
     * person is told, on their next visit, which organization removed them.
     */
    async removeMember(
      organizationId: string,
      uid: string,
      actor: Actor,
      handKeysTo?: string,
    ): Promise<{ apiKeysDeleted: number; apiKeysHandedOver: number }> {
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [target] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)));
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (target.role === 'owner') {
          throw conflict(
            'The owner cannot be removed. Transfer ownership to another member first.',
          );
        }
        if (uid === actor.id) {
          throw conflict('To remove yourself, leave the organization instead.');
        }
        let handedOver = 0;
        let heir: MembershipRow | undefined;
        if (handKeysTo !== undefined) {
          if (handKeysTo === uid) {
            throw conflict('Choose another member to hand the keys to, not the one you remove.');
          }
          [heir] = await tx
            .select()
            .from(memberships)
            .where(
              and(eq(memberships.organizationId, organizationId), eq(memberships.uid, handKeysTo)),
            );
          if (!heir) throw notFound(MEMBER_NOT_FOUND);
          if (!KEY_HOLDERS.includes(heir.role)) {
            throw conflict(
              `${heir.email ?? 'That member'} is a ${heir.role} member and cannot hold API keys: hand them to an owner, admin or developer.`,
            );
          }
          const moved = await tx
            .update(apiKeys)
            .set({ createdByUid: handKeysTo })
            .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.createdByUid, uid)))
            .returning({ id: apiKeys.id });
          handedOver = moved.length;
        }
        const keys = await dropMember(tx, organizationId, uid);
        const [org] = await tx
          .select({ name: organizations.name })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        await tx.insert(membershipRemovals).values({
          uid,
          organizationId,
          organizationName: org?.name ?? '',
          removedByEmail: actor.label ?? null,
        });
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.removed',
          target: target.email ?? uid,
          details: {
            role: target.role,
            api_keys_deleted: keys.apiKeys,
            admin_keys_deleted: keys.adminKeys,
            ...(heir && {
              api_keys_handed_over: handedOver,
              api_keys_handed_to: heir.email ?? heir.uid,
            }),
          },
        });
        return { apiKeysDeleted: keys.apiKeys, apiKeysHandedOver: handedOver };
      });
    },

    /**
     * Organizations that removed this person lately and that they have not joined again: what
     * they are told on their next visit.
     */
    async removalsOf(
      uid: string,
    ): Promise<Array<{ organizationName: string; removedBy: string | null; removedAt: Date }>> {
      const rows = await db
        .select({
          organizationId: membershipRemovals.organizationId,
          organizationName: membershipRemovals.organizationName,
          removedBy: membershipRemovals.removedByEmail,
          removedAt: membershipRemovals.removedAt,
        })
        .from(membershipRemovals)
        .where(
          and(
            eq(membershipRemovals.uid, uid),
            gt(membershipRemovals.removedAt, new Date(Date.now() - REMOVAL_NOTICE_DAYS * DAY_MS)),
            sql`not exists (select 1 from ${memberships} where ${memberships.uid} = ${uid}
              and ${memberships.organizationId} = ${membershipRemovals.organizationId}
              and ${memberships.createdAt} > ${membershipRemovals.removedAt})`,
          ),
        )
        .orderBy(desc(membershipRemovals.removedAt))
        .limit(5);
      return rows.map(({ organizationName, removedBy, removedAt }) => ({
        organizationName,
        removedBy,
        removedAt,
      }));
    },

    async leave(organizationId: string, actor: Actor): Promise<void> {
      await teamChange(db, organizationId, actor, ROLES, async (tx, role) => {
        if (role === 'owner') {
          throw conflict(
            'You own this organization: transfer ownership to another member before you leave.',
          );
        }
        const keys = await dropMember(tx, organizationId, actor.id!);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.left',
          target: actor.label ?? actor.id,
          details: { role, api_keys_deleted: keys.apiKeys, admin_keys_deleted: keys.adminKeys },
        });
      });
    },

    /**
     * The owner hands the organization to another member, who becomes owner; they become admin.
     * Returns the new owner's address, for the e-mail that tells them.
     */
    async transferOwnership(
      organizationId: string,
      toUid: string,
      actor: Actor,
    ): Promise<{ newOwnerEmail: string | null }> {
      return teamChange(db, organizationId, actor, OWNER_ONLY, async (tx) => {
        if (toUid === actor.id) throw conflict('You already own this organization.');
        const [target] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, toUid)));
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        await tx
          .update(memberships)
          .set({ role: 'admin' })
          .where(
            and(eq(memberships.organizationId, organizationId), eq(memberships.uid, actor.id!)),
          );
        await tx
          .update(memberships)
          .set({ role: 'owner' })
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, toUid)));
        await tx
          .update(organizations)
          .set({ ownerUid: toUid, ownerEmail: target.email })
          .where(eq(organizations.id, organizationId));
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.ownership_transferred',
          target: target.email ?? toUid,
          details: {
            previous_owner: actor.label ?? actor.id,
            previous_role_of_new_owner: target.role,
          },
        });
        return { newOwnerEmail: target.email };
      });
    },

    // -------------------------------------------------------------- invitations

    pendingInvitations(organizationId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, organizationId),
            isNull(invitations.acceptedAt),
            isNull(invitations.revokedAt),
          ),
        )
        .orderBy(desc(invitations.sentAt), asc(invitations.id));
    },

    async invite(
      organizationId: string,
      invitation: { email: string; role: AssignableRole; tokenHash: string },
      actor: Actor,
    ): Promise<InvitationRow> {
      const email = normaliseEmail(invitation.email);
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        await checkInvitationRate(tx, organizationId);
        const [member] = await tx
          .select({ uid: memberships.uid })
          .from(memberships)
          .where(
            and(
              eq(memberships.organizationId, organizationId),
              sql`lower(${memberships.email}) = ${email}`,
            ),
          );
        if (member) throw conflict(`${email} is already a member of this organization.`);
        const open = await tx
          .select({ id: invitations.id, email: invitations.email })
          .from(invitations)
          .where(
            and(
              eq(invitations.organizationId, organizationId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          );
        if (open.some((row) => row.email === email)) {
          throw conflict(`An invitation to ${email} is already pending. Resend it instead.`);
        }
        if (open.length >= MAX_PENDING_INVITATIONS) {
          throw conflict(
            `An organization can have at most ${MAX_PENDING_INVITATIONS} pending invitations. Revoke one first.`,
          );
        }
        const [{ members }] = await tx
          .select({ members: count() })
          .from(memberships)
          .where(eq(memberships.organizationId, organizationId));
        if (members + open.length >= MAX_MEMBERS) {
          throw conflict(`An organization can have at most ${MAX_MEMBERS} members.`);
        }
        const sentAt = new Date();
        const [row] = await tx
          .insert(invitations)
          .values({
            organizationId,
            email,
            role: invitation.role,
            tokenHash: invitation.tokenHash,
            invitedByUid: actor.id,
            invitedByEmail: actor.label,
            sentAt,
            expiresAt: new Date(sentAt.getTime() + INVITATION_VALID_DAYS * DAY_MS),
          })
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.invited',
          target: email,
          details: { role: invitation.role },
        });
        return row!;
      });
    },

    /** A new link for a pending invitation: the old link stops working, the 7 days start again. */
    async resendInvitation(
      organizationId: string,
      id: string,
      tokenHash: string,
      actor: Actor,
    ): Promise<InvitationRow> {
      if (!isUuid(id)) throw notFound(INVITATION_NOT_FOUND);
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        await checkInvitationRate(tx, organizationId);
        const sentAt = new Date();
        const [row] = await tx
          .update(invitations)
          .set({
            tokenHash,
            sentAt,
            expiresAt: new Date(sentAt.getTime() + INVITATION_VALID_DAYS * DAY_MS),
            invitedByUid: actor.id,
            invitedByEmail: actor.label,
          })
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.organizationId, organizationId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .returning();
        if (!row) throw notFound(INVITATION_NOT_FOUND);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.invitation_resent',
          target: row.email,
          details: { role: row.role },
        });
        return row;
      });
    },

    async revokeInvitation(organizationId: string, id: string, actor: Actor): Promise<void> {
      if (!isUuid(id)) throw notFound(INVITATION_NOT_FOUND);
      await teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [row] = await tx
          .update(invitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(invitations.id, id),
              eq(invitations.organizationId, organizationId),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .returning();
        if (!row) throw notFound(INVITATION_NOT_FOUND);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.invitation_revoked',
          target: row.email,
          details: { role: row.role },
        });
      });
    },

    /** The invitation behind a link, checked; throws the message the link's page shows. */
    async invitationByToken(
      tokenHash: string,
      executor: Executor = db,
    ): Promise<{ invitation: InvitationRow; organizationName: string }> {
      const [row] = await executor
        .select({ invitation: invitations, organizationName: organizations.name })
        .from(invitations)
        .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
        .where(eq(invitations.tokenHash, tokenHash));
      if (!row) throw notFound(INVITATION_LINK_INVALID);
      if (row.invitation.acceptedAt) throw gone(INVITATION_LINK_USED);
      if (row.invitation.revokedAt) throw gone(INVITATION_LINK_REVOKED);
      if (row.invitation.expiresAt.getTime() <= Date.now()) throw gone(INVITATION_LINK_EXPIRED);
      return row;
    },

    /** Joins the organization through a link: once, by the invited address only. */
    async acceptInvitation(
      tokenHash: string,
      user: { uid: string; email: string | null },
      ip: string | null,
    ) {
      return db.transaction(async (tx) => {
        const { invitation, organizationName } = await this.invitationByToken(tokenHash, tx);
        await lockTeam(tx, invitation.organizationId);
        // Re-read under the lock: a concurrent accept, revoke or resend wins once.
        const [current] = await tx
          .select()
          .from(invitations)
          .where(eq(invitations.id, invitation.id))
          .for('update');
        if (!current || current.tokenHash !== tokenHash) throw gone(INVITATION_LINK_REVOKED);
        if (current.acceptedAt) throw gone(INVITATION_LINK_USED);
        if (current.revokedAt) throw gone(INVITATION_LINK_REVOKED);
        if (!user.email || normaliseEmail(user.email) !== current.email) {
          throw new ApiError(
            'forbidden',
            `This invitation was sent to ${current.email}, but you are signed in as ${user.email ?? 'an account without an e-mail address'}. Sign in with the invited address to accept it.`,
          );
        }
        const [existing] = await tx
          .select({ role: memberships.role })
          .from(memberships)
          .where(
            and(
              eq(memberships.organizationId, current.organizationId),
              eq(memberships.uid, user.uid),
            ),
          );
        if (existing) throw conflict(`You are already a member of ${organizationName}.`);
        await tx
          .update(invitations)
          .set({ acceptedAt: new Date(), acceptedByUid: user.uid })
          .where(eq(invitations.id, current.id));
        await tx.insert(memberships).values({
          organizationId: current.organizationId,
          uid: user.uid,
          email: user.email,
          role: current.role,
          lastActiveAt: new Date(),
        });
        await tx
          .insert(userPreferences)
          .values({ uid: user.uid, selectedOrganizationId: current.organizationId })
          .onConflictDoUpdate({
            target: userPreferences.uid,
            set: { selectedOrganizationId: current.organizationId, updatedAt: new Date() },
          });
        await recordAudit(
          tx,
          { kind: 'user', id: user.uid, label: user.email, ip },
          {
            organizationId: current.organizationId,
            action: 'member.joined',
            target: user.email,
            details: { role: current.role, invited_by: current.invitedByEmail },
          },
        );
        return { organizationId: current.organizationId, organizationName, role: current.role };
      });
    },

    // -------------------------------------------------------------- admin keys

    adminKeys(organizationId: string): Promise<AdminKeyRow[]> {
      return db
        .select()
        .from(adminKeys)
        .where(eq(adminKeys.organizationId, organizationId))
        .orderBy(asc(adminKeys.createdAt), asc(adminKeys.id));
    },

    async createAdminKey(
      organizationId: string,
      key: {
        name: string;
        role: AssignableRole;
        expiresAt: Date | null;
        secretHash: string;
        last4: string;
      },
      actor: Actor,
    ): Promise<AdminKeyRow> {
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [{ total }] = await tx
          .select({ total: count() })
          .from(adminKeys)
          .where(eq(adminKeys.organizationId, organizationId));
        if (total >= MAX_ADMIN_KEYS) {
          throw conflict(
            `An organization can hold at most ${MAX_ADMIN_KEYS} admin keys. Delete one first.`,
          );
        }
        const [row] = await tx
          .insert(adminKeys)
          .values({
            organizationId,
            ...key,
            createdByUid: actor.id,
            createdByEmail: actor.label,
            secretHolderUid: actor.id,
          })
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'admin_key.created',
          target: key.name,
          details: {
            role: key.role,
            expires_at: key.expiresAt ? key.expiresAt.toISOString() : null,
          },
        });
        return row!;
      });
    },

    async rollAdminKey(
      organizationId: string,
      id: string,
      secret: { secretHash: string; last4: string },
      actor: Actor,
    ): Promise<AdminKeyRow> {
      if (!isUuid(id)) throw notFound(ADMIN_KEY_NOT_FOUND);
      return teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [row] = await tx
          .update(adminKeys)
          // The new secret is shown to the member who rolls it: the key now stops with them.
          .set({ ...secret, secretHolderUid: actor.id })
          .where(and(eq(adminKeys.id, id), eq(adminKeys.organizationId, organizationId)))
          .returning();
        if (!row) throw notFound(ADMIN_KEY_NOT_FOUND);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'admin_key.rolled',
          target: row.name,
          details: { role: row.role },
        });
        return row;
      });
    },

    async deleteAdminKey(organizationId: string, id: string, actor: Actor): Promise<void> {
      if (!isUuid(id)) throw notFound(ADMIN_KEY_NOT_FOUND);
      await teamChange(db, organizationId, actor, MANAGERS, async (tx) => {
        const [row] = await tx
          .delete(adminKeys)
          .where(and(eq(adminKeys.id, id), eq(adminKeys.organizationId, organizationId)))
          .returning();
        if (!row) throw notFound(ADMIN_KEY_NOT_FOUND);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'admin_key.deleted',
          target: row.name,
          details: { role: row.role },
        });
      });
    },

    /** An admin key by its secret's hash, with its organization; expired keys are not found. */
    async adminKeyForCall(secretHash: string): Promise<{
      key: AdminKeyRow;
      organization: OrganizationRow;
    } | null> {
      const [row] = await db
        .select({ key: adminKeys, organization: organizations })
        .from(adminKeys)
        .innerJoin(organizations, eq(organizations.id, adminKeys.organizationId))
        .where(eq(adminKeys.secretHash, secretHash));
      if (!row) return null;
      if (row.key.expiresAt && row.key.expiresAt.getTime() <= Date.now()) return null;
      return row;
    },

    async touchAdminKey(id: string): Promise<void> {
      await db.update(adminKeys).set({ lastUsedAt: new Date() }).where(eq(adminKeys.id, id));
    },
  };
}
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;

/** Invitations sent or resent by one organization in the last hour, read from its audit log. */
async function checkInvitationRate(tx: Executor, organizationId: string): Promise<void> {
  const [{ sent }] = await tx
    .select({ sent: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organizationId, organizationId),
        inArray(auditLog.action, ['member.invited', 'member.invitation_resent']),
        gt(auditLog.at, new Date(Date.now() - 3_600_000)),
      ),
    );
  if (sent >= INVITATIONS_PER_HOUR) {
    throw new ApiError(
      'rate_limited',
      `This organization has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Try again later.`,
      { retryAfterSeconds: 3600 },
    );
  }
}
