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

    /** Saves the card for off-session charges (replacing any earlier one). */
    async savePaymentMethod(
      id: string,
      method: {
        provider: 'stripe' | 'sandbox';
        id: string;
        label: string;
        stripeCustomerId?: string | null;
      },
    ): Promise<OrganizationRow | null> {
      const [row] = await db
        .update(organizations)
        .set({
          paymentMethodProvider: method.provider,
          paymentMethodId: method.id,
          paymentMethodLabel: method.label,
          ...(method.stripeCustomerId && { stripeCustomerId: method.stripeCustomerId }),
        })
        .where(eq(organizations.id, id))
        .returning();
      return row ?? null;
    },

    /** Remembers the organization's Stripe customer (created with its first SetupIntent). */
    async setStripeCustomer(id: string, customerId: string): Promise<void> {
      await db
        .update(organizations)
        .set({ stripeCustomerId: customerId })
        .where(eq(organizations.id, id));
    },

    /** Forgets the card; auto-recharge cannot run without one, so it is turned off. */
    async removePaymentMethod(id: string): Promise<OrganizationRow> {
      const [row] = await db
        .update(organizations)
        .set({
          paymentMethodProvider: null,
          paymentMethodId: null,
          paymentMethodLabel: null,
          autoRechargeEnabled: false,
        })
        .where(eq(organizations.id, id))
        .returning();
      return row!;
    },

    /** Billing settings; a threshold change re-arms the low-balance alert when it no longer applies. */
    async updateBilling(
      id: string,
      settings: {
        autoRecharge?: { enabled: boolean; thresholdMicros: number; amountMicros: number };
        lowBalanceThresholdMicros?: number | null;
      },
    ): Promise<OrganizationRow> {
      const [row] = await db
        .update(organizations)
        .set({
          ...(settings.autoRecharge && {
            autoRechargeEnabled: settings.autoRecharge.enabled,
            autoRechargeThresholdMicros: settings.autoRecharge.thresholdMicros,
            autoRechargeAmountMicros: settings.autoRecharge.amountMicros,
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
      return row!;
    },

    async setEmailVerified(id: string, emailVerified: boolean): Promise<void> {
      await db.update(organizations).set({ emailVerified }).where(eq(organizations.id, id));
    },
  };
}
export type OrganizationsRepository = ReturnType<typeof createOrganizationsRepository>;
