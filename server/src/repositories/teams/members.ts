/**
 * Memberships and roles. Every change takes the team's lock, re-reads the acting member's role
 * under it (roles from contract/access.ts) and writes its audit entry in the same transaction.
 */
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { ROLES, type AssignableRole } from '@contract';
import type { Database, Executor } from '../../db/client';
import {
  adminKeys,
  apiKeySecretViews,
  apiKeys,
  deletedKeySpend,
  membershipRemovals,
  memberships,
  organizations,
  userPreferences,
} from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid, type KeySecrets } from '../../lib/keys';
import { utcMonth } from '../../lib/month';
import { recordAudit, type Actor } from '../audit';
import { forgetSecretViews } from '../apiKeys';
import { keepDeletedKeySpend } from '../ledger';
import { KEY_MANAGERS, MANAGERS, OWNER_ONLY } from '@contract/access';
import {
  DAY_MS,
  teamChange,
  type MemberContext,
  type MemberRow,
  type MembershipRow,
  MANAGER_LIMIT_OWNER_ONLY,
  MEMBER_NOT_FOUND,
  OWNER_ROLE_FIXED,
} from './shared';

/** How long a removed person is told who removed them. */
const REMOVAL_NOTICE_DAYS = 90;

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
  const deleted = await releaseKeys(tx, organizationId, uid, 'delete');
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
  return { apiKeys: deleted, adminKeys: machines.length };
}

/**
 * The API keys a member held, when they leave or are removed ('delete': deleted, their spend
 * kept for the month) or demoted to a role that may not hold keys ('owner': they pass to the
 * owner). Their own in-browser key is deleted either way, unless it is the organization's only
 * one (it then passes to the owner, so the site keeps working). Returns how many were deleted.
 */
async function releaseKeys(
  tx: Executor,
  organizationId: string,
  uid: string,
  rest: 'delete' | 'owner',
): Promise<number> {
  const [owner] = await tx
    .select({ uid: memberships.uid })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')));
  const [{ others }] = await tx
    .select({ others: sql<number>`count(*)`.mapWith(Number) })
    .from(apiKeys)
    .where(
      and(
        eq(apiKeys.organizationId, organizationId),
        eq(apiKeys.usedForUi, true),
        sql`${apiKeys.createdByUid} is distinct from ${uid}`,
      ),
    );
  if (others === 0) {
    await tx
      .update(apiKeys)
      .set({ createdByUid: owner?.uid ?? null })
      .where(
        and(
          eq(apiKeys.organizationId, organizationId),
          eq(apiKeys.createdByUid, uid),
          eq(apiKeys.usedForUi, true),
        ),
      );
  }
  if (rest === 'owner') {
    await tx
      .update(apiKeys)
      .set({ createdByUid: owner?.uid ?? null })
      .where(
        and(
          eq(apiKeys.organizationId, organizationId),
          eq(apiKeys.createdByUid, uid),
          eq(apiKeys.usedForUi, false),
        ),
      );
  }
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
  return deleted.length;
}

/**
 * Gives a new secret, at once (no grace period), to every live key whose secret the member was
 * shown (`api_key_secret_views`: made, rolled, or read in the key list or an answer) or that they
 * hold, and to `also` (keys handed over from them). `keepOwn`: a demotion to a role that still
 * holds keys keeps the secrets of the keys they hold. The site reads an in-browser key's new
 * secret on its next call. Returns "name (prefix…last4)" of each, for the audit entry and the
 * answer.
 */
async function rotateSecretsSeenBy(
  tx: Executor,
  secrets: KeySecrets | undefined,
  organizationId: string,
  uid: string,
  options: { also?: readonly string[]; keepOwn?: boolean } = {},
): Promise<string[]> {
  if (!secrets) return [];
  const also = options.also ?? [];
  const keys = await tx
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    .for('update');
  const viewed = new Set(
    (
      await tx
        .select({ id: apiKeySecretViews.apiKeyId })
        .from(apiKeySecretViews)
        .where(
          and(eq(apiKeySecretViews.organizationId, organizationId), eq(apiKeySecretViews.uid, uid)),
        )
    ).map((row) => row.id),
  );
  const seen = keys.filter((key) => {
    const own = key.createdByUid === uid;
    if (options.keepOwn && own) return false;
    return own || also.includes(key.id) || viewed.has(key.id);
  });
  for (const key of seen) {
    const { stored } = secrets.generate(key.usedForUi, key.mode);
    await tx
      .update(apiKeys)
      .set({ ...stored, previousSecretHash: null, previousSecretExpiresAt: null })
      .where(eq(apiKeys.id, key.id));
  }
  await forgetSecretViews(
    tx,
    seen.map((key) => key.id),
  );
  return seen.map((key) => `${key.name} (${key.prefix}…${key.last4})`);
}

/** Memberships and roles: who is in which organization, changes of role, removal, leaving, transfer. */
export function membersRepository(db: Database, secrets?: KeySecrets) {
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
      return teamChange(db, organizationId, actor, MANAGERS, async (tx, actorRole) => {
        const [target] = await tx
          .select()
          .from(memberships)
          .where(and(eq(memberships.organizationId, organizationId), eq(memberships.uid, uid)));
        if (!target) throw notFound(MEMBER_NOT_FOUND);
        if (patch.role !== undefined && target.role === 'owner') throw conflict(OWNER_ROLE_FIXED);
        // Admins are bound by the limits the owner sets: only the owner sets an owner's or an
        // admin's limit (an admin's own included).
        if (
          patch.monthlyLimitMicros !== undefined &&
          actorRole !== 'owner' &&
          (target.role === 'owner' || target.role === 'admin')
        ) {
          throw forbidden(MANAGER_LIMIT_OWNER_ONLY);
        }
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
          // Demoted to a role that reads less: every secret they were shown that the new role
          // may not read is rotated; to a role that holds no keys (billing, viewer), the keys
          // they held pass to the owner, rotated, and their in-browser key goes.
          const holdsKeys = KEY_MANAGERS.includes(patch.role);
          const readsLess =
            (MANAGERS.includes(target.role) && !MANAGERS.includes(patch.role)) ||
            (KEY_MANAGERS.includes(target.role) && !holdsKeys);
          const rotated = readsLess
            ? await rotateSecretsSeenBy(tx, secrets, organizationId, uid, { keepOwn: holdsKeys })
            : [];
          if (readsLess && !holdsKeys) await releaseKeys(tx, organizationId, uid, 'owner');
          await recordAudit(tx, actor, {
            organizationId,
            action: 'member.role_changed',
            target: target.email ?? uid,
            details: {
              from: target.role,
              to: patch.role,
              ...(rotated.length > 0 && { api_keys_rotated: rotated.join(', ') }),
            },
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
    ): Promise<{ apiKeysDeleted: number; apiKeysHandedOver: number; apiKeysRotated: string[] }> {
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
        let movedIds: string[] = [];
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
          if (!KEY_MANAGERS.includes(heir.role)) {
            throw conflict(
              `${heir.email ?? 'That member'} is a ${heir.role} member and cannot hold API keys: hand them to an owner, admin or developer.`,
            );
          }
          const moved = await tx
            .update(apiKeys)
            .set({ createdByUid: handKeysTo })
            // Not their own in-browser key: the heir has theirs.
            .where(
              and(
                eq(apiKeys.organizationId, organizationId),
                eq(apiKeys.createdByUid, uid),
                eq(apiKeys.usedForUi, false),
              ),
            )
            .returning({ id: apiKeys.id });
          handedOver = moved.length;
          movedIds = moved.map((key) => key.id);
        }
        // Before dropMember: the in-browser keys they created pass to the owner, rotated.
        const rotated = await rotateSecretsSeenBy(tx, secrets, organizationId, uid, {
          also: movedIds,
        });
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
            api_keys_rotated: rotated.join(', '),
            ...(heir && {
              api_keys_handed_over: handedOver,
              api_keys_handed_to: heir.email ?? heir.uid,
            }),
          },
        });
        return {
          apiKeysDeleted: keys.apiKeys,
          apiKeysHandedOver: handedOver,
          apiKeysRotated: rotated,
        };
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
        const rotated = await rotateSecretsSeenBy(tx, secrets, organizationId, actor.id!);
        const keys = await dropMember(tx, organizationId, actor.id!);
        await recordAudit(tx, actor, {
          organizationId,
          action: 'member.left',
          target: actor.label ?? actor.id,
          details: {
            role,
            api_keys_deleted: keys.apiKeys,
            admin_keys_deleted: keys.adminKeys,
            api_keys_rotated: rotated.join(', '),
          },
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
  };
}
