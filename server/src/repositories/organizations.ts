import { and, count, eq, sql } from 'drizzle-orm';
import type { AuditAction, OrganizationBody, OrganizationPatchBody } from '@contract';
import type { Database } from '../db/client';
import { apiKeys, memberships, organizations, userPreferences } from '../db/schema';
import type { KeySecrets } from '../lib/keys';
import { recordAudit, type Actor, type AuditDetails } from './audit';

export type OrganizationRow = typeof organizations.$inferSelect;

/** Name of the key every new organization gets for in-browser image calls (spec §6). */
export const PLAYGROUND_KEY_NAME = 'Playground key';

/** The fields of an organization change as the audit log records them (no secrets). */
function changedFields(patch: OrganizationPatchBody): AuditDetails {
  const details: AuditDetails = {};
  for (const [field, value] of Object.entries(patch)) {
    if (value !== undefined) details[field] = value as string;
  }
  return details;
}

export function createOrganizationsRepository(db: Database, secrets: KeySecrets) {
  async function updateAudited(
    id: string,
    values: Partial<typeof organizations.$inferInsert>,
    actor: Actor,
    action: AuditAction,
    details: AuditDetails = {},
  ): Promise<OrganizationRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .update(organizations)
        .set(values)
        .where(eq(organizations.id, id))
        .returning();
      if (row) await recordAudit(tx, actor, { organizationId: id, action, details });
      return row ?? null;
    });
  }
  return {
    /**
     * Creates an organization owned by the user, with its first key; they become its owner and
     * it becomes their selected organization. `onlyIfNone`: null when the user already belongs
     * to an organization (the first organization's form), checked under a per-user lock.
     */
    async create(
      owner: { uid: string; email: string | null; emailVerified: boolean },
      body: OrganizationBody,
      actor: Actor,
      options: {
        onlyIfNone?: boolean;
        /** At most this many organizations owned, counted under the lock; else `error()`. */
        maxOwned?: { count: number; error: () => Error };
      } = {},
    ): Promise<OrganizationRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`user:${owner.uid}`}, 0))`,
        );
        if (options.maxOwned) {
          const [{ owned }] = await tx
            .select({ owned: count() })
            .from(memberships)
            .where(and(eq(memberships.uid, owner.uid), eq(memberships.role, 'owner')));
          if (owned >= options.maxOwned.count) throw options.maxOwned.error();
        }
        if (options.onlyIfNone) {
          const [existing] = await tx
            .select({ id: memberships.organizationId })
            .from(memberships)
            .where(eq(memberships.uid, owner.uid))
            .limit(1);
          if (existing) return null;
        }
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
          .returning();
        await tx.insert(memberships).values({
          organizationId: org!.id,
          uid: owner.uid,
          email: owner.email,
          role: 'owner',
          lastActiveAt: new Date(),
        });
        await tx
          .insert(userPreferences)
          .values({ uid: owner.uid, selectedOrganizationId: org!.id })
          .onConflictDoUpdate({
            target: userPreferences.uid,
            set: { selectedOrganizationId: org!.id, updatedAt: new Date() },
          });
        await tx.insert(apiKeys).values({
          organizationId: org!.id,
          name: PLAYGROUND_KEY_NAME,
          ...secrets.generate(true).stored,
          usedForUi: true,
          isDefault: true,
          createdByUid: owner.uid,
        });
        await recordAudit(tx, actor, {
          organizationId: org!.id,
          action: 'organization.created',
          target: body.name,
        });
        return org!;
      });
    },

    async update(id: string, patch: OrganizationPatchBody, actor: Actor): Promise<OrganizationRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
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
        await recordAudit(tx, actor, {
          organizationId: id,
          action: 'organization.updated',
          target: row!.name,
          details: changedFields(patch),
        });
        return row!;
      });
    },

    /** Saves the card for off-session charges (replacing any earlier one). */
    async savePaymentMethod(
      id: string,
      method: {
        provider: 'stripe' | 'sandbox';
        id: string;
        label: string;
        stripeCustomerId?: string | null;
      },
      actor: Actor,
    ): Promise<OrganizationRow | null> {
      return updateAudited(
        id,
        {
          paymentMethodProvider: method.provider,
          paymentMethodId: method.id,
          paymentMethodLabel: method.label,
          ...(method.stripeCustomerId && { stripeCustomerId: method.stripeCustomerId }),
        },
        actor,
        'billing.payment_method_saved',
        { card: method.label, provider: method.provider },
      );
    },

    /** Remembers the organization's Stripe customer (created with its first SetupIntent). */
    async setStripeCustomer(id: string, customerId: string): Promise<void> {
      await db
        .update(organizations)
        .set({ stripeCustomerId: customerId })
        .where(eq(organizations.id, id));
    },

    /** Forgets the card; auto-recharge cannot run without one, so it is turned off. */
    async removePaymentMethod(id: string, actor: Actor): Promise<OrganizationRow> {
      const row = await updateAudited(
        id,
        {
          paymentMethodProvider: null,
          paymentMethodId: null,
          paymentMethodLabel: null,
          autoRechargeEnabled: false,
        },
        actor,
        'billing.payment_method_removed',
      );
      return row!;
    },

    /** Billing settings; a threshold change re-arms the low-balance alert when it no longer applies. */
    async updateBilling(
      id: string,
      settings: {
        autoRecharge?: {
          enabled: boolean;
          thresholdMicros: number;
          amountMicros: number;
          dailyMaxCount?: number;
          dailyMaxMicros?: number;
        };
        lowBalanceThresholdMicros?: number | null;
      },
      actor: Actor,
    ): Promise<OrganizationRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(organizations)
          .set({
            ...(settings.autoRecharge && {
              autoRechargeEnabled: settings.autoRecharge.enabled,
              autoRechargeThresholdMicros: settings.autoRecharge.thresholdMicros,
              autoRechargeAmountMicros: settings.autoRecharge.amountMicros,
              ...(settings.autoRecharge.dailyMaxCount !== undefined && {
                autoRechargeDailyMaxCount: settings.autoRecharge.dailyMaxCount,
              }),
              ...(settings.autoRecharge.dailyMaxMicros !== undefined && {
                autoRechargeDailyMaxMicros: settings.autoRecharge.dailyMaxMicros,
              }),
              ...(settings.autoRecharge.enabled && {
                autoRechargeFailure: null,
                autoRechargeFailedAt: null,
              }),
            }),
            ...(settings.lowBalanceThresholdMicros !== undefined && {
              lowBalanceThresholdMicros: settings.lowBalanceThresholdMicros,
              // A new threshold starts a new watch: alert again when the balance falls below it.
              lowBalanceAlertedAt: null,
            }),
          })
          .where(eq(organizations.id, id))
          .returning();
        const usd = (micros: number | null) => (micros === null ? null : micros / 1_000_000);
        if (settings.autoRecharge) {
          await recordAudit(tx, actor, {
            organizationId: id,
            action: 'billing.auto_recharge_updated',
            details: {
              enabled: settings.autoRecharge.enabled,
              threshold_usd: usd(settings.autoRecharge.thresholdMicros),
              amount_usd: usd(settings.autoRecharge.amountMicros),
            },
          });
        }
        if (settings.lowBalanceThresholdMicros !== undefined) {
          await recordAudit(tx, actor, {
            organizationId: id,
            action: 'billing.alert_updated',
            details: { low_balance_threshold_usd: usd(settings.lowBalanceThresholdMicros) },
          });
        }
        return row!;
      });
    },

    async setEmailVerified(id: string, emailVerified: boolean): Promise<void> {
      await db.update(organizations).set({ emailVerified }).where(eq(organizations.id, id));
    },
  };
}
export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
