/**
 * The events outbox (migration 0020): an event commits with the change it announces and rolls
 * back with it; ids are `evt_` + 24 hex characters and unique.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, organizations } from '../../server/src/db/schema';
import { publishEvent } from '../../server/src/services/events';
import { createHarness, registerUser, type Harness } from './helpers';

let h: Harness;
let organizationId: string;

beforeAll(async () => {
  h = await createHarness();
  await registerUser(h);
  const [org] = await h.db.select({ id: organizations.id }).from(organizations).limit(1);
  organizationId = org!.id;
});
afterAll(() => h.close());

describe('events outbox', () => {
  it('writes an event with its data and an evt_ id', async () => {
    const { id } = await publishEvent(h.db, organizationId, 'balance.low', { balance_usd: '1.00' });
    expect(id).toMatch(/^evt_[0-9a-f]{24}$/);
    const [row] = await h.db.select().from(events).where(eq(events.id, id));
    expect(row).toMatchObject({
      organizationId,
      type: 'balance.low',
      data: { balance_usd: '1.00' },
    });
    expect(row!.dispatchedAt).toBeNull();
  });

  it('rolls back with the transaction that published it', async () => {
    let published = '';
    await expect(
      h.db.transaction(async (tx) => {
        published = (await publishEvent(tx, organizationId, 'job.failed', { job: 'x' })).id;
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(published).toMatch(/^evt_/);
    expect(await h.db.select().from(events).where(eq(events.id, published))).toEqual([]);
  });

  it('refuses a type no endpoint can subscribe to', async () => {
    await expect(publishEvent(h.db, organizationId, 'nope' as 'test', {})).rejects.toThrow();
  });

  it('gives distinct ids to events published in the same instant', async () => {
    const ids = await Promise.all(
      Array.from({ length: 50 }, () => publishEvent(h.db, organizationId, 'test', {})),
    );
    expect(new Set(ids.map((e) => e.id)).size).toBe(50);
    const [{ count }] = (
      (await h.db.execute(
        sql`select count(*)::int as count from events where type = 'test'`,
      )) as unknown as {
        rows: { count: number }[];
      }
    ).rows;
    expect(count).toBe(50);
  });
});
