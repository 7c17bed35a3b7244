/** Invitations by e-mail: single-use tokens bound to their address, a quota per hour. */
import { and, asc, count, desc, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import {
  INVITATION_VALID_DAYS,
  INVITATIONS_PER_ACCOUNT_PER_DAY,
  INVITATIONS_PER_HOUR,
  MAX_MEMBERS,
  MAX_PENDING_INVITATIONS,
  type AssignableRole,
} from '@contract';
import type { Database, Executor } from '../../db/client';
import {
  auditLog,
  invitations,
  memberships,
  organizations,
  userPreferences,
} from '../../db/schema';
import { ApiError, conflict, gone, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/keys';
import { recordAudit, type Actor } from '../audit';
import { MANAGERS } from '@contract/access';
import {
  DAY_MS,
  lockTeam,
  normaliseEmail,
  teamChange,
  type InvitationRow,
  INVITATION_LINK_EXPIRED,
  INVITATION_LINK_INVALID,
  INVITATION_LINK_REVOKED,
  INVITATION_LINK_USED,
  INVITATION_NOT_FOUND,
} from './shared';

/** Invitations: sent, resent, revoked, read by token and accepted. */
export function invitationsRepository(db: Database) {
  return {
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
        await checkAccountInvitationRate(tx, actor);
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
        await checkAccountInvitationRate(tx, actor);
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
  };
}

const INVITATION_ACTIONS = ['member.invited', 'member.invitation_resent'];
const HOUR_MS = 3_600_000;

/** The 429 of an invitation quota: when a slot frees (the oldest sending leaves the window). */
function quotaReached(
  message: string,
  limit: number,
  windowMs: number,
  oldest: Date | string | null,
) {
  const from = oldest === null ? Date.now() : new Date(oldest).getTime();
  const resetsAt = new Date(from + windowMs);
  return new ApiError('rate_limited', message, {
    retryAfterSeconds: Math.max(1, (resetsAt.getTime() - Date.now()) / 1000),
    details: { limit, window_seconds: windowMs / 1000, resets_at: resetsAt.toISOString() },
  });
}

/** Invitations sent or resent by one organization in the last hour, read from its audit log. */
async function checkInvitationRate(tx: Executor, organizationId: string): Promise<void> {
  const [{ sent, oldest }] = await tx
    .select({ sent: count(), oldest: min(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.organizationId, organizationId),
        inArray(auditLog.action, INVITATION_ACTIONS),
        gt(auditLog.at, new Date(Date.now() - HOUR_MS)),
      ),
    );
  if (sent >= INVITATIONS_PER_HOUR) {
    throw quotaReached(
      `This organization has sent ${INVITATIONS_PER_HOUR} invitations in the last hour. Try again later.`,
      INVITATIONS_PER_HOUR,
      HOUR_MS,
      oldest,
    );
  }
}

/**
 * Invitations one person sent or resent in the last 24 hours, in every organization: taken
 * under a lock of their own (inside the team's), so concurrent invitations from several
 * organizations cannot all pass the count.
 */
async function checkAccountInvitationRate(tx: Executor, actor: Actor): Promise<void> {
  if (actor.kind !== 'user' || !actor.id) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`invitations-of:${actor.id}`}, 0))`,
  );
  const [{ sent, oldest }] = await tx
    .select({ sent: count(), oldest: min(auditLog.at) })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.actorId, actor.id),
        eq(auditLog.actorKind, 'user'),
        inArray(auditLog.action, INVITATION_ACTIONS),
        gt(auditLog.at, new Date(Date.now() - DAY_MS)),
      ),
    );
  if (sent >= INVITATIONS_PER_ACCOUNT_PER_DAY) {
    throw quotaReached(
      `You have sent ${INVITATIONS_PER_ACCOUNT_PER_DAY} invitations in the last 24 hours, across all your organizations. Try again later.`,
      INVITATIONS_PER_ACCOUNT_PER_DAY,
      DAY_MS,
      oldest,
    );
  }
}
