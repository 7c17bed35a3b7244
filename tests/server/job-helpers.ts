/**
 * What the async-job tests share (jobs.test.ts, batch-jobs.test.ts): a renderer a test can hold
 * or break, the wallet and price as the database has them, and polling a job.
 */
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { rowsOf as rows } from '../../server/src/db/rows';
import { createRenderPool, type Renderer } from '../../server/src/services/render/pool';
import { SITE_ORIGIN } from './helpers';

export const PATH = 'image-classification';
export const TERMINAL = new Set(['succeeded', 'failed', 'canceled']);
export const JOBS_CONFIG = { queuedCap: 3, concurrency: 2, sweepMs: 300, stopTimeoutMs: 1_000 };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A renderer in front of a real pool that a test can hold (a hanging upstream) or break. */
export function controllableRenderer() {
  const pool = createRenderPool({ threads: 1, maxQueue: 100 });
  let gate: Promise<void> | null = null;
  let open: () => void = () => undefined;
  let broken = false;
  const renderer: Renderer = async (task) => {
    if (gate) await gate;
    if (broken) throw new Error('the model is down');
    return pool.run(task);
  };
  return {
    renderer,
    hold() {
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
    },
    release() {
      gate = null;
      open();
    },
    breakIt(value: boolean) {
      broken = value;
    },
    close: () => pool.close(),
  };
}

/** The balance, the holds open, and the usage charges (their count and their sum). */
export async function walletOf(db: Database, organizationId: string) {
  const [row] = rows<{ balance: string; held: string; charges: string; spent: string }>(
    await db.execute(sql`
      select o.balance_micros as balance,
        (select count(*) from usage_reservations r where r.organization_id = o.id and r.status = 'held') as held,
        (select count(*) from ledger_entries l where l.organization_id = o.id and l.kind = 'usage') as charges,
        (select coalesce(sum(-l.amount_micros), 0) from ledger_entries l where l.organization_id = o.id and l.kind = 'usage') as spent
      from organizations o where o.id = ${organizationId}`),
  );
  return {
    balance: Number(row!.balance),
    held: Number(row!.held),
    charges: Number(row!.charges),
    spent: Number(row!.spent),
  };
}

export async function organizationOf(db: Database, keyId: string): Promise<string> {
  const [row] = rows<{ organization_id: string }>(
    await db.execute(sql`select organization_id from api_keys where id = ${keyId}`),
  );
  return row!.organization_id;
}

export async function priceOf(db: Database): Promise<number> {
  const [row] = rows<{ p: string }>(
    await db.execute(sql`select price_per_call_micros as p from deployments where path = ${PATH}`),
  );
  return Number(row!.p);
}

export type Call = (request: InjectOptions) => Promise<LightMyRequestResponse>;

export const getJob = (call: Call, key: string, id: string) =>
  call({ method: 'GET', url: `/jobs/${id}`, headers: { 'api-key': key, origin: SITE_ORIGIN } });

/** Polls the job until it is in one of `states` (bounded). */
export async function waitFor(
  call: Call,
  key: string,
  id: string,
  states: Set<string> = TERMINAL,
  timeoutMs = 90_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await getJob(call, key, id);
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json();
    if (states.has(job.status)) return job;
    if (Date.now() > until) throw new Error(`job ${id} still ${job.status}`);
    await sleep(100);
  }
}

export async function eventsOf(db: Database, jobId: string) {
  return rows<{ type: string; data: { id: string; status: string } }>(
    await db.execute(sql`select type, data from events where data->>'id' = ${jobId}`),
  );
}
