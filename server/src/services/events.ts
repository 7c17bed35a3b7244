/**
 * Publishing an event (issue 35): one row in the `events` outbox, written through
 * `vapi_publish_event` on the same executor as the change it announces, so that a transaction's
 * event commits or rolls back with it. Pass the transaction (`tx`) when there is one.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/rows';
import type { EventType } from '../db/schema';

type Executor = Pick<Database, 'execute'>;

export interface PublishedEvent {
  id: string;
}

/** Writes the event; its id (`evt_…`) is what the webhook's `webhook-id` header will carry. */
export async function publishEvent(
  db: Executor,
  organizationId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<PublishedEvent> {
  const result = await db.execute(
    sql`select vapi_publish_event(${organizationId}::uuid, ${type}, ${JSON.stringify(data)}::jsonb) as id`,
  );
  const id = rowsOf<{ id: string }>(result)[0]?.id;
  if (!id) throw new Error('vapi_publish_event returned no id');
  return { id };
}
