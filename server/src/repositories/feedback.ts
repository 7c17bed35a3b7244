import type { Database } from '../db/client';
import { feedbackMessages } from '../db/schema';

export type FeedbackRow = typeof feedbackMessages.$inferSelect;

export function createFeedbackRepository(db: Database) {
  return {
    async create(message: {
      organizationId: string | null;
      uid: string | null;
      email: string | null;
      subject: string;
      body: string;
      pageId: string;
    }): Promise<FeedbackRow> {
      const [row] = await db.insert(feedbackMessages).values(message).returning();
      return row!;
    },
  };
}
export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
