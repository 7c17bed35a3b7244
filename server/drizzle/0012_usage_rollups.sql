CREATE TABLE "usage_daily" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"deployment" text NOT NULL,
	"api_key_id" uuid,
	"member_uid" text,
	"api_key_name" text,
	"entries" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"spent_micros" bigint NOT NULL,
	CONSTRAINT "usage_daily_bucket_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","deployment","api_key_id","member_uid")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"deployment" text NOT NULL,
	"api_key_id" uuid,
	"member_uid" text,
	"api_key_name" text,
	"entries" bigint NOT NULL,
	"calls" bigint NOT NULL,
	"spent_micros" bigint NOT NULL,
	CONSTRAINT "usage_hourly_bucket_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","deployment","api_key_id","member_uid")
);
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_daily_key_idx" ON "usage_daily" USING btree ("organization_id","api_key_id","bucket");--> statement-breakpoint
CREATE INDEX "usage_hourly_key_idx" ON "usage_hourly" USING btree ("organization_id","api_key_id","bucket");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_money_idx" ON "ledger_entries" USING btree ("organization_id","created_at") WHERE kind <> 'usage';--> statement-breakpoint
-- Usage rollups, kept exact in the transaction that writes each usage row of the ledger: the
-- ledger is append-only and a usage row is only ever inserted (vapi_capture, or a seeder), so
-- adding every inserted usage row to its hour and its UTC day keeps the rollups equal to the
-- ledger at every commit. A trigger rather than an upsert inside vapi_capture: no path that
-- charges can forget it. Lock order: the hour's row, then the day's (the same for every call),
-- taken after everything vapi_capture locks, so the order of 0009 is kept.
CREATE OR REPLACE FUNCTION vapi_rollup_usage() RETURNS trigger AS $$
DECLARE
  v_member text;
BEGIN
  IF NEW.api_key_id IS NOT NULL THEN
    SELECT created_by_uid INTO v_member FROM api_keys WHERE id = NEW.api_key_id;
    IF NOT FOUND THEN
      SELECT created_by_uid INTO v_member FROM deleted_key_spend WHERE api_key_id = NEW.api_key_id;
    END IF;
  END IF;
  INSERT INTO usage_hourly AS u (organization_id, bucket, deployment, api_key_id, member_uid,
      api_key_name, entries, calls, spent_micros)
    VALUES (NEW.organization_id, date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(NEW.deployment, ''), NEW.api_key_id, v_member, NEW.api_key_name, 1, NEW.units,
      -NEW.amount_micros)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily AS u (organization_id, bucket, deployment, api_key_id, member_uid,
      api_key_name, entries, calls, spent_micros)
    VALUES (NEW.organization_id, date_trunc('day', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(NEW.deployment, ''), NEW.api_key_id, v_member, NEW.api_key_name, 1, NEW.units,
      -NEW.amount_micros)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_usage_rollup AFTER INSERT ON ledger_entries
  FOR EACH ROW WHEN (NEW.kind = 'usage') EXECUTE FUNCTION vapi_rollup_usage();
--> statement-breakpoint
-- Backfill from the ledger, in this migration's transaction (usage rows written meanwhile wait
-- on the table lock the trigger's creation takes, so none is counted twice or missed).
INSERT INTO usage_hourly (organization_id, bucket, deployment, api_key_id, member_uid,
    api_key_name, entries, calls, spent_micros)
  SELECT l.organization_id, date_trunc('hour', l.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(l.deployment, ''), l.api_key_id, coalesce(k.created_by_uid, d.created_by_uid),
      max(l.api_key_name), count(*), sum(l.units), -sum(l.amount_micros)
    FROM ledger_entries l
      LEFT JOIN api_keys k ON k.id = l.api_key_id
      LEFT JOIN deleted_key_spend d ON d.api_key_id = l.api_key_id
    WHERE l.kind = 'usage'
    GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO usage_daily (organization_id, bucket, deployment, api_key_id, member_uid,
    api_key_name, entries, calls, spent_micros)
  SELECT organization_id, date_trunc('day', bucket AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      deployment, api_key_id, member_uid, max(api_key_name), sum(entries), sum(calls), sum(spent_micros)
    FROM usage_hourly
    GROUP BY 1, 2, 3, 4, 5;
