-- Issue 34, the usage chart over a year at a million calls. usage_daily holds a row per day, key,
-- deployment and member: with 25 keys and 8 deployments a year of it is about as many rows as
-- calls at a million a year, so the chart, which shows days by deployment and the range by key,
-- read 73k rows to show 3k. Three coarser rollups, kept by the same trigger in the same
-- transaction as each usage row of the ledger (so exact at every commit, as 0012's):
--   usage_daily_deployment  (organization, UTC day, deployment)  the chart's days, offset 0
--   usage_hourly_deployment (organization, UTC hour, deployment) the chart's days at a whole-hour
--                                                                UTC offset (24 buckets a day)
--   usage_daily_key         (organization, UTC day, key)         the range's spend by key
-- Each is sharded per connection (pg_backend_pid() % 16) as 0018's are; readers sum a bucket's
-- rows. Lock order: after 0012's hour and day rows, these in the order above, the same for
-- every call.
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
CREATE OR REPLACE FUNCTION vapi_rollup_usage() RETURNS trigger AS $$
DECLARE
  v_member text;
  v_shard smallint := pg_backend_pid() % 16;
  v_deployment text := coalesce(NEW.deployment, '');
  v_hour timestamptz := date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_day timestamptz := date_trunc('day', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
BEGIN
  -- 0016: a bulk loader that builds the rollups itself, in its own transaction, sets this.
  IF current_setting('vapi.bulk_rollups', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF NEW.api_key_id IS NOT NULL THEN
    SELECT created_by_uid INTO v_member FROM api_keys WHERE id = NEW.api_key_id;
    IF NOT FOUND THEN
      SELECT created_by_uid INTO v_member FROM deleted_key_spend WHERE api_key_id = NEW.api_key_id;
    END IF;
  END IF;
  INSERT INTO usage_hourly AS u (organization_id, bucket, deployment, api_key_id, member_uid,
      api_key_name, entries, calls, spent_micros, shard)
    VALUES (NEW.organization_id, v_hour, v_deployment, NEW.api_key_id, v_member, NEW.api_key_name,
      1, NEW.units, -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily AS u (organization_id, bucket, deployment, api_key_id, member_uid,
      api_key_name, entries, calls, spent_micros, shard)
    VALUES (NEW.organization_id, v_day, v_deployment, NEW.api_key_id, v_member, NEW.api_key_name,
      1, NEW.units, -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily_deployment AS u (organization_id, bucket, deployment, entries, calls,
      spent_micros, shard)
    VALUES (NEW.organization_id, v_day, v_deployment, 1, NEW.units, -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros;
  INSERT INTO usage_hourly_deployment AS u (organization_id, bucket, deployment, entries, calls,
      spent_micros, shard)
    VALUES (NEW.organization_id, v_hour, v_deployment, 1, NEW.units, -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros;
  INSERT INTO usage_daily_key AS u (organization_id, bucket, api_key_id, api_key_name, entries,
      calls, spent_micros, shard)
    VALUES (NEW.organization_id, v_day, NEW.api_key_id, NEW.api_key_name, 1, NEW.units,
      -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, api_key_id, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Backfill from the rollups that exist, in this migration's transaction: replacing the function
-- takes no lock on ledger_entries, so the table is locked first; a usage row written meanwhile
-- waits and is then counted by the new function, none twice or missed.
LOCK TABLE ledger_entries IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
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
