-- Lists page by keyset (time, id), newest first (issue 34): the (organization, time) indexes gain
-- the id, so a page after a cursor is one index range, whatever the depth.
DROP INDEX "audit_log_organization_at_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_org_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_organization_at_idx" ON "audit_log" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_created_idx" ON "ledger_entries" USING btree ("organization_id","created_at","id");--> statement-breakpoint
-- A bulk loader (npm run seed:scale, bench:scale) inserts usage rows and adds them to the rollups
-- itself, in the same transaction and in one statement per table: it sets vapi.bulk_rollups
-- (transaction-local) so the per-row trigger stays out of its way. Every other writer, in every
-- other session, keeps the trigger.
CREATE OR REPLACE FUNCTION vapi_rollup_usage() RETURNS trigger AS $$
DECLARE
  v_member text;
BEGIN
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
