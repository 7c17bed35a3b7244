/**
 * Fills one organization with a year of traffic in bulk SQL, in one transaction, consistent with
 * the ledger and the usage rollups: 50 members (the owner and 49 more), its 25 keys shared among
 * them, one purchase, then N metered calls over the last 365 days across 8 deployments with a
 * running balance, the wallet's balance to match, the rollups built from exactly those rows (the
 * rollup trigger is told to stand aside for this transaction: migration 0016), and N/10 audit
 * entries (their daily totals by audit_log's own trigger: migration 0027). Used by `npm run seed:scale` and `npm run bench:scale`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';

export const SCALE_DEPLOYMENTS = [
  'object-detection',
  'depth-estimation',
  'image-classification',
  'zero-shot-image-classification',
  'zero-shot-object-detection',
  'image-segmentation/semantic',
  'image-segmentation/instance',
  'image-segmentation/panoptic',
];
export const SCALE_MEMBERS = 50;
export const SCALE_KEYS = 25;
/** Wallet left after the seeded spend, micro-dollars ($1,000). */
const LEFT_MICROS = 1_000_000_000;

export interface ScaleSeed {
  organizationId: string;
  ownerUid: string;
  /** The organization's keys (25): spread over the members as their creators. */
  keyIds: string[];
  calls: number;
}

const ROLES = ['developer', 'developer', 'viewer', 'billing', 'admin'];

export async function seedOrganization(db: Database, seed: ScaleSeed): Promise<void> {
  const { organizationId: org, ownerUid, keyIds, calls } = seed;
  const uuids = (ids: string[]) => sql.raw(`array[${ids.map((k) => `'${k}'::uuid`).join(',')}]`);
  const deployments = sql.raw(`array[${SCALE_DEPLOYMENTS.map((d) => `'${d}'`).join(',')}]::text[]`);
  const memberUids = [
    ownerUid,
    ...Array.from(
      { length: SCALE_MEMBERS - 1 },
      (_, i) => `scale-${org.slice(0, 8)}-member-${i + 1}`,
    ),
  ];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('vapi.bulk_rollups', 'on', true)`);
    // A million rows take longer than a request's statement may (the pool's timeout).
    await tx.execute(sql`set local statement_timeout = 0`);
    await tx.execute(sql`
      insert into memberships (organization_id, uid, email, role, last_active_at)
        select ${org}::uuid, 'scale-' || ${org.slice(0, 8)} || '-member-' || g,
               'member-' || g || '@scale.example.com',
               (${sql.raw(`array[${ROLES.map((r) => `'${r}'`).join(',')}]`)})[1 + g % ${ROLES.length}],
               now() - g * interval '1 hour'
        from generate_series(1, ${SCALE_MEMBERS - 1}) g
      on conflict do nothing`);
    // Key i belongs to member i mod 50 (the owner keeps the in-browser key, key 0).
    await tx.execute(sql`
      update api_keys k set created_by_uid = (${sql.raw(
        `array[${memberUids.map((u) => `'${u}'`).join(',')}]`,
      )})[1 + ((array_position(${uuids(keyIds)}, k.id) - 1) * 2) % ${SCALE_MEMBERS}]
      where k.organization_id = ${org}::uuid and k.id = any(${uuids(keyIds)})`);
    await tx.execute(sql`
      create temp table scale_calls on commit drop as
        select g, now() - interval '365 days' + (g::float8 / ${calls + 1}) * interval '365 days'
                 + (random() - 0.5) * interval '10 minutes' as created_at,
               (${deployments})[1 + (g * 7 + g / 13) % 8] as deployment,
               (${uuids(keyIds)})[1 + (g * 11 + g / 7) % ${keyIds.length}] as api_key_id,
               -(1000 + (g % 7) * 500)::bigint as amount_micros
        from generate_series(1, ${calls}) g`);
    const [spent] = (
      (await tx.execute(
        sql`select coalesce(-sum(amount_micros), 0)::text as spent from scale_calls`,
      )) as unknown as { rows: Array<{ spent: string }> }
    ).rows;
    const purchase = Number(spent!.spent) + LEFT_MICROS;
    const [wallet] = (
      (await tx.execute(sql`
        update organizations set balance_micros = balance_micros + ${LEFT_MICROS}
        where id = ${org}::uuid returning (balance_micros - ${LEFT_MICROS})::text as before`)) as unknown as {
        rows: Array<{ before: string }>;
      }
    ).rows;
    const opening = Number(wallet!.before);
    await tx.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, created_at)
        values (${org}::uuid, 'purchase', null, 0, ${purchase}, ${opening + purchase},
                now() - interval '366 days')`);
    await tx.execute(sql`
      insert into ledger_entries (organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, created_at)
        select ${org}::uuid, 'usage', c.deployment, 1, c.amount_micros,
               ${opening + purchase} + sum(c.amount_micros) over (order by c.created_at, c.g),
               c.api_key_id, k.name, c.created_at
        from scale_calls c join api_keys k on k.id = c.api_key_id
        order by c.created_at, c.g`);
    for (const [table, unit] of [
      ['usage_hourly', 'hour'],
      ['usage_daily', 'day'],
    ] as const) {
      await tx.execute(sql`
        insert into ${sql.raw(table)} as u (organization_id, bucket, deployment, api_key_id,
            member_uid, api_key_name, entries, calls, spent_micros)
          select ${org}::uuid, date_trunc(${unit}, c.created_at at time zone 'UTC') at time zone 'UTC',
                 c.deployment, c.api_key_id, k.created_by_uid, max(k.name), count(*), count(*),
                 -sum(c.amount_micros)
          from scale_calls c join api_keys k on k.id = c.api_key_id
          group by 2, 3, 4, 5
        on conflict (organization_id, bucket, deployment, api_key_id, member_uid, shard) do update
          set entries = u.entries + excluded.entries, calls = u.calls + excluded.calls,
              spent_micros = u.spent_micros + excluded.spent_micros`);
    }
    // Migration 0025's coarser rollups, from the same rows.
    for (const [table, unit] of [
      ['usage_daily_deployment', 'day'],
      ['usage_hourly_deployment', 'hour'],
    ] as const) {
      await tx.execute(sql`
        insert into ${sql.raw(table)} as u (organization_id, bucket, deployment, entries, calls,
            spent_micros)
          select ${org}::uuid, date_trunc(${unit}, c.created_at at time zone 'UTC') at time zone 'UTC',
                 c.deployment, count(*), count(*), -sum(c.amount_micros)
          from scale_calls c
          group by 2, 3
        on conflict (organization_id, bucket, deployment, shard) do update
          set entries = u.entries + excluded.entries, calls = u.calls + excluded.calls,
              spent_micros = u.spent_micros + excluded.spent_micros`);
    }
    await tx.execute(sql`
      insert into usage_daily_key as u (organization_id, bucket, api_key_id, api_key_name, entries,
          calls, spent_micros)
        select ${org}::uuid, date_trunc('day', c.created_at at time zone 'UTC') at time zone 'UTC',
               c.api_key_id, max(k.name), count(*), count(*), -sum(c.amount_micros)
        from scale_calls c join api_keys k on k.id = c.api_key_id
        group by 2, 3
      on conflict (organization_id, bucket, api_key_id, shard) do update
        set entries = u.entries + excluded.entries, calls = u.calls + excluded.calls,
            spent_micros = u.spent_micros + excluded.spent_micros`);
    await tx.execute(sql`
      insert into audit_log (organization_id, at, actor_kind, actor_id, actor_label, action, target, details)
        select ${org}::uuid, now() - random() * interval '365 days', 'user',
               (${sql.raw(`array[${memberUids.map((u) => `'${u}'`).join(',')}]`)})[1 + g % ${SCALE_MEMBERS}],
               'member-' || (g % ${SCALE_MEMBERS}) || '@scale.example.com',
               (array['api_key.created','api_key.rolled','api_key.cap_set','member.role_changed',
                      'organization.updated','member.signed_in'])[1 + g % 6],
               'key-' || (g % ${SCALE_KEYS}), jsonb_build_object('seeded', true)
        from generate_series(1, ${Math.floor(calls / 10)}) g`);
  });
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    for (const table of [
      'ledger_entries',
      'usage_hourly',
      'usage_daily',
      'usage_daily_deployment',
      'usage_hourly_deployment',
      'usage_daily_key',
      'audit_log',
      'audit_daily',
    ]) {
      await tx.execute(sql`analyze ${sql.raw(table)}`);
    }
  });
}
