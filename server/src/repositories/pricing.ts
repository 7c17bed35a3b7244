import { asc, eq } from 'drizzle-orm';
import { PUBLIC_DEPLOYMENTS, type DeploymentPath } from '@contract';
import type { Database } from '../db/client';
import { deployments } from '../db/schema';

export type DeploymentRow = typeof deployments.$inferSelect;

/**
 * Launch prices in micro-dollars per call. They seed the `deployments` table
 * once; from then on the table is the single source for the pricing page and
 * for metering (operators change prices there).
 */
export const LAUNCH_PRICES_MICROS: Record<DeploymentPath, number> = {
  'object-detection': 4_000,
  'depth-estimation': 5_000,
  'image-classification': 2_000,
  'zero-shot-image-classification': 3_000,
  'zero-shot-object-detection': 6_000,
  'image-segmentation/semantic': 6_000,
  'image-segmentation/instance': 8_000,
  'image-segmentation/panoptic': 10_000,
};

/** Calls per month free of charge; null: no free tier. */
export const LAUNCH_FREE_TIER: Partial<Record<DeploymentPath, number>> = {};

export function createPricingRepository(db: Database) {
  return {
    /** Inserts missing deployments at their launch price; existing prices are kept. */
    async seed(): Promise<void> {
      const rows = Object.values(PUBLIC_DEPLOYMENTS).map((deployment, index) => ({
        path: deployment.path,
        task: deployment.task,
        sub: deployment.sub,
        name: deployment.name,
        pricePerCallMicros: LAUNCH_PRICES_MICROS[deployment.path as DeploymentPath],
        freeTierCallsPerMonth: LAUNCH_FREE_TIER[deployment.path as DeploymentPath] ?? null,
        sortOrder: index,
      }));
      await db.insert(deployments).values(rows).onConflictDoNothing({ target: deployments.path });
    },

    list(): Promise<DeploymentRow[]> {
      return db.select().from(deployments).orderBy(asc(deployments.sortOrder));
    },

    async find(path: string): Promise<DeploymentRow | null> {
      const [row] = await db.select().from(deployments).where(eq(deployments.path, path));
      return row ?? null;
    },
  };
}
export type PricingRepository = ReturnType<typeof createPricingRepository>;
