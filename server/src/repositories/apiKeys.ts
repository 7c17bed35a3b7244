import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { apiKeys, organizations } from '../db/schema';
import { conflict, notFound } from '../lib/errors';
import { generateApiKeySecret, isUuid } from '../lib/keys';
import type { OrganizationRow } from './organizations';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Keys an organization may hold at once. */
export const MAX_API_KEYS = 25;
const KEY_NOT_FOUND = 'API key not found. Send the id of one of your keys in the x-api-key header.';

export function createApiKeysRepository(db: Database) {
  return {
    list(organizationId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.organizationId, organizationId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    },

    async create(organizationId: string, name: string): Promise<ApiKeyRow> {
      return db.transaction(async (tx) => {
        // Lock the organization so concurrent creations respect the limit.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        const [{ total }] = await tx
          .select({ total: count() })
          .from(apiKeys)
          .where(eq(apiKeys.organizationId, organizationId));
        if (total >= MAX_API_KEYS) {
          throw conflict(
            `An organization can hold at most ${MAX_API_KEYS} API keys. Delete one first.`,
          );
        }
        const [row] = await tx
          .insert(apiKeys)
          .values({
            organizationId,
            name,
            secret: generateApiKeySecret(),
            isDefault: total === 0,
            usedForUi: total === 0,
          })
          .returning();
        return row!;
      });
    },

    async setDefault(organizationId: string, keyId: string): Promise<ApiKeyRow> {
      if (!isUuid(keyId)) throw notFound(KEY_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
          .for('update');
        if (!target) throw notFound(KEY_NOT_FOUND);
        await tx
          .update(apiKeys)
          .set({ isDefault: false })
          .where(eq(apiKeys.organizationId, organizationId));
        const [row] = await tx
          .update(apiKeys)
          .set({ isDefault: true })
          .where(eq(apiKeys.id, keyId))
          .returning();
        return row!;
      });
    },

    async delete(organizationId: string, keyId: string): Promise<void> {
      if (!isUuid(keyId)) throw notFound(KEY_NOT_FOUND);
      await db.transaction(async (tx) => {
        const keys = await tx
          .select()
          .from(apiKeys)
          .where(eq(apiKeys.organizationId, organizationId))
          .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
          .for('update');
        const target = keys.find((key) => key.id === keyId);
        if (!target) throw notFound(KEY_NOT_FOUND);
        if (target.usedForUi && keys.filter((key) => key.usedForUi).length === 1) {
          throw conflict(
            'This is the only key used for image calls from the browser and cannot be deleted. Create another key first.',
          );
        }
        await tx.delete(apiKeys).where(eq(apiKeys.id, keyId));
        const rest = keys.filter((key) => key.id !== keyId);
        if (target.isDefault && rest.length > 0) {
          await tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, rest[0]!.id));
        }
      });
    },

    /** The key and its organization for a secret sent to the services host. */
    async findBySecret(
      secret: string,
    ): Promise<{ key: ApiKeyRow; organization: OrganizationRow } | null> {
      const [row] = await db
        .select({ key: apiKeys, organization: organizations })
        .from(apiKeys)
        .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
        .where(eq(apiKeys.secret, secret));
      return row ?? null;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
