-- Issue 34, the audit log at scale: its page showed the number of matching entries with a
-- count(*) over every entry of the organization on every page, so even the first page grew with
-- the log (9 ms at 1k entries, 33 ms at 100k). audit_daily holds the entries per organization,
-- UTC day and action, kept by a statement-level trigger in the transaction of each insert (the
-- log is append-only: 0006 refuses UPDATE, DELETE and TRUNCATE), so it is exact at every commit.
-- A total sums whole days here and counts the rows of the partial days at a range's ends on the
-- (organization_id, at, id) index: its cost grows with days and actions, not entries. Sharded per
-- connection (pg_backend_pid() % 16) as the usage rollups are; readers sum a bucket's rows.
CREATE TABLE "audit_daily" (
	"organization_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"action" text NOT NULL,
	"entries" bigint NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "audit_daily_bucket_key" UNIQUE("organization_id","bucket","action","shard")
);
--> statement-breakpoint
ALTER TABLE "audit_daily" ADD CONSTRAINT "audit_daily_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The actor filter (an actor's id or label) read every entry of the organization to find one
-- member's; with these its page and its count read that actor's entries.
CREATE INDEX "audit_log_organization_actor_idx" ON "audit_log" USING btree ("organization_id","actor_id","at");
--> statement-breakpoint
CREATE INDEX "audit_log_organization_actor_label_idx" ON "audit_log" USING btree ("organization_id","actor_label","at");
--> statement-breakpoint
-- One upsert per (organization, day, action) of the statement's rows, in that order for every
-- statement, so two statements lock shared rows in one order.
CREATE OR REPLACE FUNCTION vapi_rollup_audit_rows() RETURNS trigger AS $$
BEGIN
  INSERT INTO audit_daily AS a (organization_id, bucket, action, entries, shard)
    SELECT n.organization_id, date_trunc('day', n.at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', n.action, count(*),
      pg_backend_pid() % 16
    FROM inserted_rows n
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (organization_id, bucket, action, shard) DO UPDATE
      SET entries = a.entries + EXCLUDED.entries;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_daily_rollup AFTER INSERT ON audit_log
  REFERENCING NEW TABLE AS inserted_rows
  FOR EACH STATEMENT EXECUTE FUNCTION vapi_rollup_audit_rows();
--> statement-breakpoint
-- Backfill in this migration's transaction: creating the trigger locked audit_log against
-- inserts, so an entry written meanwhile waits and is then counted by the trigger, none twice.
INSERT INTO audit_daily (organization_id, bucket, action, entries)
  SELECT organization_id, date_trunc('day', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', action, count(*)
  FROM audit_log
  GROUP BY 1, 2, 3;
