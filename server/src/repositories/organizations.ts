import { eq, sql } from 'drizzle-orm';
import type { OrganizationBody, OrganizationPatchBody } from '@contract';
import type { Database } from '../db/client';
import { apiKeys, organizations } from '../db/schema';
import type { KeySecrets } from '../lib/keys';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Name of the key every new organization gets for in-browser image calls (spec §6). */
export const PLAYGROUND_KEY_NAME = 'Playground key';

export function createOrganizationsRepository(db: Database, secrets: KeySecrets) {
  // Every signed-in call starts here: prepared once per process.
  const byOwner = db
    .select()
    .from(organizations)
    .where(eq(organizations.ownerUid, sql.placeholder('uid')))
    .prepare('organization_by_owner');
  return {
    async findByOwner(uid: string): Promise<OrganizationRow | null> {
      const [row] = await byOwner.execute({ uid });
      return row ?? null;
    },

    /** Creates the organization and its first key; null when the user already has one. */
    async create(
      owner: { uid: string; email: string | null; emailVerified: boolean },
      body: OrganizationBody,
    ): Promise<OrganizationRow | null> {
      return db.transaction(async (tx) => {
        const [org] = await tx
          .insert(organizations)
          .values({
            ownerUid: owner.uid,
            ownerEmail: owner.email,
            emailVerified: owner.emailVerified,
            name: body.name,
            website: body.website,
            country: body.country,
            state: body.state,
            gstin: body.gstin ?? null,
            address: body.address ?? null,
          })
          .onConflictDoNothing({ target: organizations.ownerUid })
          .returning();
        if (!org) return null;
        await tx.insert(apiKeys).values({
          organizationId: org.id,
          name: PLAYGROUND_KEY_NAME,
          ...secrets.generate(true).stored,
          usedForUi: true,
          isDefault: true,
        });
        return org;
      });
    },

    async update(id: string, patch: OrganizationPatchBody): Promise<OrganizationRow> {
      const [row] = await db
        .update(organizations)
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.website !== undefined && { website: patch.website }),
          ...(patch.country !== undefined && { country: patch.country }),
          ...(patch.state !== undefined && { state: patch.state }),
          ...(patch.gstin !== undefined && { gstin: patch.gstin }),
          ...(patch.address !== undefined && { address: patch.address }),
        })
        .where(eq(organizations.id, id))
        .returning();
      return row!;
    },

    async setEmailVerified(id: string, emailVerified: boolean): Promise<void> {
      await db.update(organizations).set({ emailVerified }).where(eq(organizations.id, id));
    },
  };
}
export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
