/** Admin keys: secrets for machines, each with a role and the member who holds its secret. */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_ADMIN_KEYS, type AssignableRole, type Role } from '@contract';
import type { Database } from '../../db/client';
import { adminKeys, memberships, organizations } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/keys';
import { recordAudit, type Actor } from '../audit';
import type { OrganizationRow } from '../organizations';
import { MANAGERS } from '@contract/access';
import { teamChange, type AdminKeyRow, ADMIN_KEY_NOT_FOUND } from './shared';

/** Admin keys: machine access to the account API with a role. */
export function adminKeysRepository(db: Database) {
  return {
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

    /**
     * An admin key by its secret's hash, with its organization and its holder's current role
     * (issue 31: a key acts with at most that role). Expired keys, and keys whose holder is no
     * longer a member, are not found.
     */
    async adminKeyForCall(secretHash: string): Promise<{
      key: AdminKeyRow;
      organization: OrganizationRow;
      holderRole: Role;
    } | null> {
      const [row] = await db
        .select({ key: adminKeys, organization: organizations, holderRole: memberships.role })
        .from(adminKeys)
        .innerJoin(organizations, eq(organizations.id, adminKeys.organizationId))
        .innerJoin(
          memberships,
          and(
            eq(memberships.organizationId, adminKeys.organizationId),
            eq(
              memberships.uid,
              sql`coalesce(${adminKeys.secretHolderUid}, ${adminKeys.createdByUid})`,
            ),
          ),
        )
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
