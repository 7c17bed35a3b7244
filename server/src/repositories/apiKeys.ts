import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { KEY_MANAGERS, type AuditAction, type Role } from '@contract';
import type { Database, Executor } from '../db/client';
import {
  adminKeys,
  apiKeySecretViews,
  apiKeys,
  deployments,
  memberships,
  organizations,
  testUsage,
} from '../db/schema';
import { ApiError, conflict, notFound } from '../lib/errors';
import { isUuid, MAX_SECRET_LENGTH, type KeyMode, type KeySecrets } from '../lib/keys';
import { recordAudit, SYSTEM_ACTOR, type Actor, type AuditDetails } from './audit';
import { keepDeletedKeySpend } from './ledger';
import { publishEvent } from '../services/events';
import { PLAYGROUND_KEY_NAME, type OrganizationRow } from './organizations';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The organization that holds the docs' shared demo test key (no person signs in to it). */
export const DEMO_OWNER_UID = 'system:docs-demo';

/** Keys an organization may hold at once. */
export const MAX_API_KEYS = 25;
export const KEY_NOT_FOUND =
  'API key not found. Send the id of one of your keys in the x-api-key header.';

/** A key's limits as stored: null means no limit of that kind. */
export interface KeyRestrictions {
  allowedDeployments?: string[] | null;
  allowedOrigins?: string[] | null;
  expiresAt?: Date | null;
}

const restrictionDetails = (r: KeyRestrictions) => ({
  ...(r.allowedDeployments !== undefined && {
    allowed_deployments: r.allowedDeployments === null ? null : r.allowedDeployments.join(' '),
  }),
  ...(r.allowedOrigins !== undefined && {
    allowed_origins: r.allowedOrigins === null ? null : r.allowedOrigins.join(' '),
  }),
  ...(r.expiresAt !== undefined && {
    expires_at: r.expiresAt === null ? null : r.expiresAt.toISOString(),
  }),
});

export const NOT_KEY_OWNER =
  'Your role manages only the API keys you created. Ask an owner or admin to change this key.';

/**
 * Whose keys a call may change: `undefined` any key of the organization; a uid (or null, for a
 * caller who is no member) only the keys that uid created. Checked on the locked row.
 */
export type KeyOwnerScope = string | null | undefined;

function requireOwner(row: ApiKeyRow, onlyCreatedBy: KeyOwnerScope): void {
  if (onlyCreatedBy === undefined) return;
  if (onlyCreatedBy === null || row.createdByUid !== onlyCreatedBy) {
    throw new ApiError('not_key_owner', NOT_KEY_OWNER);
  }
}

/**
 * Who makes a key or is shown a new secret: the member it then belongs to (an admin key's
 * holder for a call through an admin key) and, for an admin key, its id. Re-checked under the
 * team's lock in the transaction that makes the secret (issue 31): a member removed meanwhile,
 * or an admin key deleted, gets nothing.
 */
export interface KeyHolder {
  uid: string | null;
  adminKeyId?: string | null;
}

export const NO_LONGER_MEMBER = 'Organization not found, or you are no longer one of its members.';

/** Takes the team's lock (as every change of members does) and re-reads the holder under it. */
export async function requireHolderUnderLock(
  tx: Executor,
  organizationId: string,
  holder: KeyHolder,
  roles: readonly Role[] = KEY_MANAGERS,
): Promise<Role> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`team:${organizationId}`}, 0))`,
  );
  if (holder.adminKeyId) {
    const [key] = await tx
      .select({ id: adminKeys.id })
      .from(adminKeys)
      .where(
        and(eq(adminKeys.id, holder.adminKeyId), eq(adminKeys.organizationId, organizationId)),
      );
    if (!key) {
      throw new ApiError(
        'unauthenticated',
        'The admin key is invalid, deleted or expired. Create a new one on the team page.',
      );
    }
  }
  const [row] =
    holder.uid === null
      ? []
      : await tx
          .select({ role: memberships.role })
          .from(memberships)
          .where(
            and(eq(memberships.organizationId, organizationId), eq(memberships.uid, holder.uid)),
          );
  if (!row) throw new ApiError('organization_not_found', NO_LONGER_MEMBER);
  if (!roles.includes(row.role)) {
    throw new ApiError(
      'role_forbidden',
      `This change needs the ${roles.join(', ')} role; the role of the member it acts for is now ${row.role}.`,
    );
  }
  return row.role;
}

/** Records that `uids` were shown the current secret of each key (issue 31). */
export async function recordSecretViews(
  executor: Executor,
  organizationId: string,
  keyIds: readonly string[],
  uid: string | null,
): Promise<void> {
  if (uid === null || keyIds.length === 0) return;
  await executor
    .insert(apiKeySecretViews)
    .values(keyIds.map((apiKeyId) => ({ apiKeyId, organizationId, uid })))
    .onConflictDoNothing();
}

/** A key's secret changed: nobody has been shown the new one yet. */
export async function forgetSecretViews(executor: Executor, keyIds: readonly string[]) {
  if (keyIds.length === 0) return;
  await executor.delete(apiKeySecretViews).where(inArray(apiKeySecretViews.apiKeyId, keyIds));
}

/** A key row and, once, its new secret. */
export interface KeyWithSecret {
  row: ApiKeyRow;
  secret: string;
}

export function createApiKeysRepository(db: Database, secrets: KeySecrets) {
  // The hot paths, prepared once per process: no query building per request, and PostgreSQL
  // plans them once per connection.
  const keysOf = db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.organizationId, sql.placeholder('organizationId')))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
    .prepare('api_keys_of_organization');
  const keyForCall = db
    .select({
      key: apiKeys,
      organization: organizations,
      priceMicros: sql<
        string | null
      >`(select ${deployments.pricePerCallMicros} from ${deployments} where ${deployments.path} = ${sql.placeholder('deployment')})`,
    })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .where(
      or(
        eq(apiKeys.secretHash, sql.placeholder('hash')),
        and(
          eq(apiKeys.previousSecretHash, sql.placeholder('hash')),
          gt(apiKeys.previousSecretExpiresAt, sql`now()`),
        ),
      ),
    )
    .limit(1)
    .prepare('api_key_for_call');

  /** Changes one key of the organization and records it, in one transaction; 404 when unknown. */
  async function changeKey(
    organizationId: string,
    keyId: string,
    values: Partial<typeof apiKeys.$inferInsert> | Record<string, unknown>,
    actor: Actor,
    audit: (row: ApiKeyRow) => { action: AuditAction; details?: AuditDetails },
    onlyCreatedBy: KeyOwnerScope,
  ): Promise<ApiKeyRow> {
    if (!isUuid(keyId)) throw notFound(KEY_NOT_FOUND);
    return db.transaction(async (tx) => {
      if (onlyCreatedBy !== undefined) {
        const [locked] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
          .for('update');
        if (!locked) throw notFound(KEY_NOT_FOUND);
        requireOwner(locked, onlyCreatedBy);
      }
      const [row] = await tx
        .update(apiKeys)
        .set(values)
        .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
        .returning();
      if (!row) throw notFound(KEY_NOT_FOUND);
      await recordAudit(tx, actor, { organizationId, target: row.name, ...audit(row) });
      return row;
    });
  }

  return {
    list(organizationId: string): Promise<ApiKeyRow[]> {
      return keysOf.execute({ organizationId });
    },

    async create(
      organizationId: string,
      name: string,
      actor: Actor,
      restrictions: KeyRestrictions = {},
      mode: KeyMode = 'live',
      /** The member the key belongs to (an admin key's holder); default: the acting person. */
      holder: KeyHolder = {
        uid: actor.kind === 'user' ? actor.id : null,
        adminKeyId: actor.kind === 'admin_key' ? actor.id : null,
      },
    ): Promise<KeyWithSecret> {
      const createdByUid = holder.uid;
      return db.transaction(async (tx) => {
        // The holder is still a member who may hold keys, under the team's lock: a removal
        // (which takes it too) either ran before (nothing is made) or runs after (and ends it).
        if (actor.kind !== 'system') await requireHolderUnderLock(tx, organizationId, holder);
        // Lock the organization so concurrent creations respect the limit.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, organizationId))
          .for('update');
        // Members' own in-browser keys (one each, made by the key list) do not count.
        const [{ total, ui }] = await tx
          .select({
            total: sql<number>`count(*) filter (where not ${apiKeys.usedForUi})`.mapWith(Number),
            ui: sql<number>`count(*) filter (where ${apiKeys.usedForUi})`.mapWith(Number),
          })
          .from(apiKeys)
          .where(eq(apiKeys.organizationId, organizationId));
        if (total >= MAX_API_KEYS) {
          throw conflict(
            `An organization can hold at most ${MAX_API_KEYS} API keys. Delete one first.`,
          );
        }
        // The first key is the in-browser one, which the playground charges: always live.
        const usedForUi = total + ui === 0;
        const { secret, stored } = secrets.generate(usedForUi, usedForUi ? 'live' : mode);
        const [row] = await tx
          .insert(apiKeys)
          .values({
            organizationId,
            name,
            ...stored,
            isDefault: total + ui === 0,
            usedForUi,
            mode: usedForUi ? 'live' : mode,
            createdByUid,
            ...restrictions,
          })
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'api_key.created',
          target: name,
          details: {
            key: `${row!.prefix}…${row!.last4}`,
            mode: row!.mode,
            ...restrictionDetails(restrictions),
          },
        });
        await recordSecretViews(tx, organizationId, [row!.id], createdByUid);
        return { row: row!, secret };
      });
    },

    /**
     * The member's own in-browser key (issue 31): each owner, admin and developer has one, so
     * the playground's spend counts towards the member who uses it and no member reads a live
     * secret whose spend counts towards another. Made, when missing, under the team's lock (a
     * removed member gets none); returns the member's key, made now or found.
     */
    async ensureOwnUiKey(organizationId: string, uid: string, actor: Actor): Promise<ApiKeyRow> {
      return db.transaction(async (tx) => {
        await requireHolderUnderLock(tx, organizationId, { uid });
        const [existing] = await tx
          .select()
          .from(apiKeys)
          .where(
            and(
              eq(apiKeys.organizationId, organizationId),
              eq(apiKeys.createdByUid, uid),
              eq(apiKeys.usedForUi, true),
            ),
          )
          .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
          .limit(1);
        if (existing) return existing;
        const name = `${PLAYGROUND_KEY_NAME}: ${(actor.label ?? uid).slice(0, 80)}`;
        const { stored } = secrets.generate(true, 'live');
        const [row] = await tx
          .insert(apiKeys)
          .values({
            organizationId,
            name,
            ...stored,
            usedForUi: true,
            mode: 'live',
            createdByUid: uid,
          })
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'api_key.created',
          target: name,
          details: { key: `${row!.prefix}…${row!.last4}`, mode: 'live', in_browser: true },
        });
        return row!;
      });
    },

    /** Records which secrets a list or an answer showed to the member (issue 31). */
    async recordViews(organizationId: string, keyIds: string[], uid: string | null) {
      await recordSecretViews(db, organizationId, keyIds, uid);
    },

    /**
     * A new secret for the key. The old one stops working at once (graceHours 0) or when the
     * grace period ends; rolling again ends any earlier grace period.
     */
    async roll(
      organizationId: string,
      keyId: string,
      graceHours: number,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
      /**
       * Who is shown the new secret; the key becomes theirs (its spend counts towards their
       * limit). Default: the acting person.
       */
      holder: KeyHolder = {
        uid: actor.kind === 'user' ? actor.id : null,
        adminKeyId: actor.kind === 'admin_key' ? actor.id : null,
      },
    ): Promise<KeyWithSecret> {
      if (!isUuid(keyId)) throw notFound(KEY_NOT_FOUND);
      return db.transaction(async (tx) => {
        if (actor.kind !== 'system') await requireHolderUnderLock(tx, organizationId, holder);
        const [target] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
          .for('update');
        if (!target) throw notFound(KEY_NOT_FOUND);
        requireOwner(target, onlyCreatedBy);
        const { secret, stored } = secrets.generate(target.usedForUi, target.mode);
        const [row] = await tx
          .update(apiKeys)
          .set({
            ...stored,
            previousSecretHash: graceHours > 0 ? target.secretHash : null,
            previousSecretExpiresAt:
              graceHours > 0 ? new Date(Date.now() + graceHours * 3_600_000) : null,
            // Whoever is shown the new secret holds the key: no member spends through a key
            // whose spend counts towards another member's limit.
            createdByUid: holder.uid ?? target.createdByUid,
          })
          .where(eq(apiKeys.id, keyId))
          .returning();
        await forgetSecretViews(tx, [keyId]);
        await recordSecretViews(tx, organizationId, [keyId], holder.uid);
        const moved = holder.uid !== null && holder.uid !== target.createdByUid;
        await recordAudit(tx, actor, {
          organizationId,
          action: 'api_key.rolled',
          target: target.name,
          details: {
            key: `${row!.prefix}…${row!.last4}`,
            previous_expires_in_hours: graceHours,
            ...(moved && { holder_changed: true }),
          },
        });
        return { row: row!, secret };
      });
    },

    setMonthlyCap(
      organizationId: string,
      keyId: string,
      capMicros: number | null,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
    ): Promise<ApiKeyRow> {
      return changeKey(
        organizationId,
        keyId,
        { monthlyCapMicros: capMicros },
        actor,
        () => ({
          action: 'api_key.cap_set',
          details: { monthly_cap_usd: capMicros === null ? null : capMicros / 1_000_000 },
        }),
        onlyCreatedBy,
      );
    },

    /** Changes a key's limits; each field given replaces that limit (null removes it). */
    setRestrictions(
      organizationId: string,
      keyId: string,
      restrictions: KeyRestrictions,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
    ): Promise<ApiKeyRow> {
      return changeKey(
        organizationId,
        keyId,
        restrictions,
        actor,
        () => ({
          action: 'api_key.restricted',
          details: restrictionDetails(restrictions),
        }),
        onlyCreatedBy,
      );
    },

    /** Pauses a key (every call refused with 403, free) or lets it work again. */
    setDisabled(
      organizationId: string,
      keyId: string,
      disabled: boolean,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
    ): Promise<ApiKeyRow> {
      return changeKey(
        organizationId,
        keyId,
        disabled
          ? { disabledAt: new Date(), disabledReason: 'owner' }
          : {
              disabledAt: null,
              disabledReason: null,
              // Enabled again after a pause: today's jump is forgiven.
              trailingDailyMicros: sql`greatest(${apiKeys.trailingDailyMicros}, ${apiKeys.daySpendMicros})`,
            },
        actor,
        () => ({ action: disabled ? 'api_key.disabled' : 'api_key.enabled' }),
        onlyCreatedBy,
      );
    },

    /**
     * The leak circuit-breaker pauses a key; true only for the call that paused it (so the owner
     * is e-mailed once). Audited as the system's doing.
     */
    async pauseForSpendSpike(keyId: string, organizationId: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(apiKeys)
          .set({ disabledAt: new Date(), disabledReason: 'spend_spike' })
          .where(and(eq(apiKeys.id, keyId), sql`${apiKeys.disabledAt} is null`))
          .returning();
        if (!row) return false;
        await recordAudit(tx, SYSTEM_ACTOR, {
          organizationId,
          action: 'api_key.disabled',
          target: row.name,
          details: { reason: 'spend_spike', day_spend_usd: row.daySpendMicros / 1_000_000 },
        });
        // Webhooks (issue 35): ids and figures only, never the secret.
        await publishEvent(tx, organizationId, 'key.paused', {
          api_key_id: row.id,
          name: row.name,
          redacted: `${row.prefix}…${row.last4}`,
          reason: 'spend_spike',
          day_spend_usd: row.daySpendMicros / 1_000_000,
          paused_at: (row.disabledAt ?? new Date()).toISOString(),
        });
        return true;
      });
    },

    /**
     * The shared demo test key a signed-out reader's first try in the docs uses: a test key (free
     * sample answers), readable like an in-browser key, accepted from the site's own origins
     * only, and limited per client IP by the services host. Made once, under a lock.
     */
    async demoKey(): Promise<string> {
      const find = async (executor: Executor) => {
        const [row] = await executor
          .select({ key: apiKeys })
          .from(apiKeys)
          .innerJoin(organizations, eq(organizations.id, apiKeys.organizationId))
          .where(and(eq(organizations.ownerUid, DEMO_OWNER_UID), eq(apiKeys.usedForUi, true)))
          .limit(1);
        return row?.key ?? null;
      };
      let key = await find(db);
      if (!key) {
        key = await db.transaction(async (tx) => {
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtextextended(${DEMO_OWNER_UID}, 0))`,
          );
          const existing = await find(tx);
          if (existing) return existing;
          const [org] = await tx
            .insert(organizations)
            .values({
              ownerUid: DEMO_OWNER_UID,
              name: 'VisionAPI docs demo',
              website: 'https://visionapi.invalid',
              country: 'India',
              state: 'Karnataka',
            })
            .returning();
          const [row] = await tx
            .insert(apiKeys)
            .values({
              organizationId: org!.id,
              name: 'Docs demo key',
              ...secrets.generate(true, 'test').stored,
              mode: 'test',
              usedForUi: true,
              isDefault: true,
            })
            .returning();
          return row!;
        });
      }
      return secrets.decrypt(key.secretEncrypted!);
    },

    /** Counts a test key's free call for the usage page (one upsert). */
    async countTestCall(key: ApiKeyRow, deployment: string): Promise<void> {
      await db
        .insert(testUsage)
        .values({
          organizationId: key.organizationId,
          day: sql`(now() at time zone 'UTC')::date` as unknown as string,
          apiKeyId: key.id,
          apiKeyName: key.name,
          deployment,
          calls: 1,
        })
        .onConflictDoUpdate({
          target: [
            testUsage.organizationId,
            testUsage.day,
            testUsage.apiKeyId,
            testUsage.deployment,
          ],
          set: { calls: sql`${testUsage.calls} + 1`, apiKeyName: key.name },
        });
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id));
    },

    /** Counts a call refused by the key's limits, with the limit that refused it. */
    async recordRefusal(keyId: string, reason: string): Promise<void> {
      await db
        .update(apiKeys)
        .set({
          refusedCalls: sql`${apiKeys.refusedCalls} + 1`,
          lastRefusedAt: new Date(),
          lastRefusedReason: reason,
        })
        .where(eq(apiKeys.id, keyId));
    },

    async setDefault(
      organizationId: string,
      keyId: string,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
    ): Promise<ApiKeyRow> {
      if (!isUuid(keyId)) throw notFound(KEY_NOT_FOUND);
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select()
          .from(apiKeys)
          .where(and(eq(apiKeys.id, keyId), eq(apiKeys.organizationId, organizationId)))
          .for('update');
        if (!target) throw notFound(KEY_NOT_FOUND);
        requireOwner(target, onlyCreatedBy);
        await tx
          .update(apiKeys)
          .set({ isDefault: false })
          .where(eq(apiKeys.organizationId, organizationId));
        const [row] = await tx
          .update(apiKeys)
          .set({ isDefault: true })
          .where(eq(apiKeys.id, keyId))
          .returning();
        await recordAudit(tx, actor, {
          organizationId,
          action: 'api_key.default_set',
          target: target.name,
        });
        return row!;
      });
    },

    async delete(
      organizationId: string,
      keyId: string,
      actor: Actor,
      onlyCreatedBy?: KeyOwnerScope,
    ): Promise<void> {
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
        requireOwner(target, onlyCreatedBy);
        if (target.usedForUi && keys.filter((key) => key.usedForUi).length === 1) {
          throw conflict(
            'This is the only key used for image calls from the browser and cannot be deleted. Create another key first.',
          );
        }
        await tx.delete(apiKeys).where(eq(apiKeys.id, keyId));
        // Its spend this month still counts towards its creator's monthly limit.
        await keepDeletedKeySpend(tx, [target]);
        const rest = keys.filter((key) => key.id !== keyId);
        if (target.isDefault && rest.length > 0) {
          await tx.update(apiKeys).set({ isDefault: true }).where(eq(apiKeys.id, rest[0]!.id));
        }
        await recordAudit(tx, actor, {
          organizationId,
          action: 'api_key.deleted',
          target: target.name,
          details: { key: `${target.prefix}…${target.last4}` },
        });
      });
    },

    /**
     * The key, its organization and the current price of the deployment called, for a secret
     * sent to the services host: one query, looked up by the secret's keyed hash (a rolled
     * key's old secret counts until its grace period ends).
     */
    async findForCall(
      secret: string,
      hash: string,
      deployment: string,
    ): Promise<{
      key: ApiKeyRow;
      organization: OrganizationRow;
      priceMicros: number | null;
    } | null> {
      if (secret.length > MAX_SECRET_LENGTH) return null;
      const [row] = await keyForCall.execute({ hash, deployment });
      if (!row) return null;
      const stored =
        row.key.secretHash === hash ? row.key.secretHash : (row.key.previousSecretHash ?? '');
      if (!secrets.sameHash(hash, stored)) return null;
      return {
        key: row.key,
        organization: row.organization,
        priceMicros: row.priceMicros === null ? null : Number(row.priceMicros),
      };
    },

    /**
     * The secret its organization may read again: the in-browser key's, and a test key's (free
     * sample answers; the docs' samples carry it). Test keys made before they were kept
     * readable have none.
     */
    uiSecret(row: ApiKeyRow): string | null {
      return (row.usedForUi || row.mode === 'test') && row.secretEncrypted
        ? secrets.decrypt(row.secretEncrypted)
        : null;
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;
