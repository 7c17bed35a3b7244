-- Issue 34, the usage chart over a year at a million calls. usage_daily holds a row per day, key,
-- deployment and member: with 25 keys and 8 deployments a year of it is about as many rows as
-- calls at a million a year, so the chart, which shows days by deployment and the range by key,
-- read 73k rows to show 3k. Three coarser rollups, kept by the rollup trigger in the same
-- transaction as each usage row of the ledger (so exact at every commit, as 0012's):
--   usage_daily_deployment  (organization, UTC day, deployment)  the chart's days, offset 0
--   usage_hourly_deployment (organization, UTC hour, deployment) the chart's days at a whole-hour
--                                                                UTC offset (24 buckets a day)
--   usage_daily_key         (organization, UTC day, key)         the range's spend by key
-- Each is sharded per connection (pg_backend_pid() % 16) as 0018's are; readers sum a bucket's
-- rows.
CREATE TABLE "usage_daily_deployment" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"deployment" text NOT NULL,
	"entries" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"spent_micros" bigint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_deployment_bucket_key" UNIQUE("organization_id","bucket","deployment","shard")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly_deployment" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"deployment" text NOT NULL,
	"entries" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"spent_micros" bigint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hourly_deployment_bucket_key" UNIQUE("organization_id","bucket","deployment","shard")
);
--> statement-breakpoint
CREATE TABLE "usage_daily_key" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"api_key_id" uuid,
	"api_key_name" text,
	"entries" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"spent_micros" bigint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_daily_key_bucket_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","api_key_id","shard")
);
--> statement-breakpoint
ALTER TABLE "usage_daily_deployment" ADD CONSTRAINT "usage_daily_deployment_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hourly_deployment" ADD CONSTRAINT "usage_hourly_deployment_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_daily_key" ADD CONSTRAINT "usage_daily_key_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The trigger becomes a statement's: it reads the statement's inserted rows (a transition table)
-- and adds each bucket's sum with one upsert per table, instead of five upserts per row. A
-- capture inserts one usage row (the same work as before); a batch's capture or a bulk insert of
-- many rows adds one row per bucket. Rows are upserted in the order of their bucket key, the same
-- for every statement, so two statements lock shared rows in one order.
CREATE OR REPLACE FUNCTION vapi_rollup_usage_rows() RETURNS trigger AS $$
DECLARE
  v_shard smallint := pg_backend_pid() % 16;
BEGIN
  -- 0016: a bulk loader that builds the rollups itself, in its own transaction, sets this.
  IF current_setting('vapi.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM inserted_rows WHERE kind = 'usage') THEN
    RETURN NULL;
  END IF;
  -- Each row's member is its key's holder (the creator; a deleted key's, as recorded when it was
  -- deleted), as 0012's trigger read it.
  INSERT INTO usage_hourly AS u (organization_id, bucket, deployment, api_key_id, member_uid, api_key_name, entries, calls, spent_micros, shard)
    SELECT n.organization_id, date_trunc('hour', n.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.deployment, n.api_key_id, n.member_uid, max(n.api_key_name), count(*), sum(n.units), -sum(n.amount_micros), v_shard
    FROM (SELECT l.organization_id, l.created_at, coalesce(l.deployment, '') AS deployment, l.api_key_id,
        CASE WHEN k.id IS NOT NULL THEN k.created_by_uid ELSE d.created_by_uid END AS member_uid,
        l.api_key_name, l.units, l.amount_micros
      FROM inserted_rows l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
      WHERE l.kind = 'usage') n
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + EXCLUDED.entries, calls = u.calls + EXCLUDED.calls,
        spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily AS u (organization_id, bucket, deployment, api_key_id, member_uid, api_key_name, entries, calls, spent_micros, shard)
    SELECT n.organization_id, date_trunc('day', n.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.deployment, n.api_key_id, n.member_uid, max(n.api_key_name), count(*), sum(n.units), -sum(n.amount_micros), v_shard
    FROM (SELECT l.organization_id, l.created_at, coalesce(l.deployment, '') AS deployment, l.api_key_id,
        CASE WHEN k.id IS NOT NULL THEN k.created_by_uid ELSE d.created_by_uid END AS member_uid,
        l.api_key_name, l.units, l.amount_micros
      FROM inserted_rows l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
      WHERE l.kind = 'usage') n
    GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + EXCLUDED.entries, calls = u.calls + EXCLUDED.calls,
        spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily_deployment AS u (organization_id, bucket, deployment, entries, calls, spent_micros, shard)
    SELECT n.organization_id, date_trunc('day', n.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.deployment, count(*), sum(n.units), -sum(n.amount_micros), v_shard
    FROM (SELECT l.organization_id, l.created_at, coalesce(l.deployment, '') AS deployment, l.api_key_id,
        CASE WHEN k.id IS NOT NULL THEN k.created_by_uid ELSE d.created_by_uid END AS member_uid,
        l.api_key_name, l.units, l.amount_micros
      FROM inserted_rows l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
      WHERE l.kind = 'usage') n
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, bucket, deployment, shard) DO UPDATE
      SET entries = u.entries + EXCLUDED.entries, calls = u.calls + EXCLUDED.calls,
        spent_micros = u.spent_micros + EXCLUDED.spent_micros;
  INSERT INTO usage_hourly_deployment AS u (organization_id, bucket, deployment, entries, calls, spent_micros, shard)
    SELECT n.organization_id, date_trunc('hour', n.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.deployment, count(*), sum(n.units), -sum(n.amount_micros), v_shard
    FROM (SELECT l.organization_id, l.created_at, coalesce(l.deployment, '') AS deployment, l.api_key_id,
        CASE WHEN k.id IS NOT NULL THEN k.created_by_uid ELSE d.created_by_uid END AS member_uid,
        l.api_key_name, l.units, l.amount_micros
      FROM inserted_rows l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
      WHERE l.kind = 'usage') n
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, bucket, deployment, shard) DO UPDATE
      SET entries = u.entries + EXCLUDED.entries, calls = u.calls + EXCLUDED.calls,
        spent_micros = u.spent_micros + EXCLUDED.spent_micros;
  INSERT INTO usage_daily_key AS u (organization_id, bucket, api_key_id, api_key_name, entries, calls, spent_micros, shard)
    SELECT n.organization_id, date_trunc('day', n.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.api_key_id, max(n.api_key_name), count(*), sum(n.units), -sum(n.amount_micros), v_shard
    FROM (SELECT l.organization_id, l.created_at, coalesce(l.deployment, '') AS deployment, l.api_key_id,
        CASE WHEN k.id IS NOT NULL THEN k.created_by_uid ELSE d.created_by_uid END AS member_uid,
        l.api_key_name, l.units, l.amount_micros
      FROM inserted_rows l
        LEFT JOIN api_keys k ON k.id = l.api_key_id
        LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
      WHERE l.kind = 'usage') n
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, bucket, api_key_id, shard) DO UPDATE
      SET entries = u.entries + EXCLUDED.entries, calls = u.calls + EXCLUDED.calls,
        spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER ledger_entries_usage_rollup ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION vapi_rollup_usage();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_usage_rollup AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vapi_rollup_usage_rows();
--> statement-breakpoint
-- Backfill from the rollups that exist, in this migration's transaction: dropping and creating
-- the trigger locked ledger_entries, so a usage row written meanwhile waits and is then counted
-- by the new trigger, none twice or missed.
INSERT INTO usage_daily_deployment (organization_id, bucket, deployment, entries, calls, spent_micros)
  SELECT organization_id, bucket, deployment, sum(entries), sum(calls), sum(spent_micros)
    FROM usage_daily GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO usage_hourly_deployment (organization_id, bucket, deployment, entries, calls, spent_micros)
  SELECT organization_id, bucket, deployment, sum(entries), sum(calls), sum(spent_micros)
    FROM usage_hourly GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO usage_daily_key (organization_id, bucket, api_key_id, api_key_name, entries, calls, spent_micros)
  SELECT organization_id, bucket, api_key_id, max(api_key_name), sum(entries), sum(calls), sum(spent_micros)
    FROM usage_daily GROUP BY 1, 2, 3;
