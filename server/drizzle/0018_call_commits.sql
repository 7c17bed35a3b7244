-- Issue 30, fewer waits per metered call (the SQL of vapi_begin and vapi_fail is 0009's, plus
-- the first statement).
--
-- 1. A call's reserving transactions (vapi_begin: the idempotency record and the hold; vapi_fail:
--    giving them back) commit asynchronously. They held the wallet's and the key's row locks for
--    a WAL flush (about 5 ms on this machine's disk), which serialised every call of one
--    organization. Nothing is lost by it: WAL is flushed in order, so the capture (synchronous,
--    the only transaction that charges and stores an answer) makes durable every reservation
--    before it; a crash can at most forget a hold together with its balance change (the call fails
--    and nobody pays), or forget a release (the hold's lease lapses and a sweep gives it back).
-- 2. The usage rollups get a shard: each database connection adds to its own row of a bucket
--    (pg_backend_pid() % 16), so concurrent captures of one organization, key and deployment no
--    longer queue on one row lock across their commits. Readers sum the rows of a bucket, as they
--    already sum ledger rows.
CREATE OR REPLACE FUNCTION vapi_begin(
  p_scope text, p_key text, p_hash text, p_attempt uuid, p_lease_ms integer,
  p_hold boolean, p_organization uuid, p_api_key uuid, p_deployment text,
  p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_hold jsonb;
  v_lease interval := make_interval(secs => p_lease_ms / 1000.0);
  v_lease_end timestamptz;
  v_tries integer := 0;
BEGIN
  -- This transaction only reserves (an idempotency record, a hold): it commits without waiting
  -- for its WAL to reach the disk. The capture that charges does wait, and its flush covers every
  -- earlier record, this one included; a crash that loses this commit loses the hold and the
  -- balance change together, and the call fails uncharged.
  PERFORM set_config('synchronous_commit', 'off', true);
  IF p_key IS NOT NULL THEN
    LOOP
      v_tries := v_tries + 1;
      IF v_tries > 3 THEN
        RETURN jsonb_build_object('outcome', 'in_progress', 'retry_after', 1);
      END IF;
      INSERT INTO idempotency_records (scope, key, request_hash, state, attempt, lease_until)
        VALUES (p_scope, p_key, p_hash, 'in_progress', p_attempt, now() + v_lease)
        ON CONFLICT DO NOTHING;
      EXIT WHEN FOUND;
      SELECT * INTO v_record FROM idempotency_records
        WHERE scope = p_scope AND key = p_key FOR UPDATE;
      CONTINUE WHEN NOT FOUND;
      IF v_record.created_at < now() - interval '24 hours' THEN
        -- Past the window: forgotten (a hold it had was released by a sweep long ago).
        IF v_record.reservation_id IS NOT NULL THEN
          PERFORM vapi_release(v_record.reservation_id);
        END IF;
        DELETE FROM idempotency_records WHERE scope = p_scope AND key = p_key;
        CONTINUE;
      END IF;
      IF v_record.request_hash <> p_hash THEN
        RETURN jsonb_build_object('outcome', 'mismatch');
      END IF;
      IF v_record.state = 'done' THEN
        RETURN jsonb_build_object('outcome', 'replay', 'status', v_record.status_code,
          'response', v_record.response);
      END IF;
      v_lease_end := coalesce(v_record.lease_until, v_record.created_at + interval '5 minutes');
      IF v_lease_end > now() THEN
        RETURN jsonb_build_object('outcome', 'in_progress',
          'retry_after', greatest(1, ceil(extract(epoch FROM v_lease_end - now())))::integer);
      END IF;
      -- Abandoned: its process stopped renewing the lease. Its hold goes back first, so the
      -- attempt that takes over is the only one that can be charged.
      IF v_record.reservation_id IS NOT NULL THEN
        PERFORM vapi_release(v_record.reservation_id);
      END IF;
      UPDATE idempotency_records
        SET attempt = p_attempt, lease_until = now() + v_lease, reservation_id = NULL
        WHERE scope = p_scope AND key = p_key;
      EXIT;
    END LOOP;
  END IF;
  IF NOT p_hold THEN
    RETURN jsonb_build_object('outcome', 'new');
  END IF;
  v_hold := vapi_hold(p_organization, p_api_key, p_deployment, p_lease_ms, p_spike_factor,
    p_spike_floor);
  IF p_key IS NOT NULL THEN
    IF v_hold->>'outcome' = 'held' THEN
      UPDATE idempotency_records SET reservation_id = (v_hold->>'reservation_id')::uuid
        WHERE scope = p_scope AND key = p_key;
    ELSE
      DELETE FROM idempotency_records
        WHERE scope = p_scope AND key = p_key AND attempt = p_attempt;
    END IF;
  END IF;
  RETURN v_hold;
END;
$$ LANGUAGE plpgsql;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION vapi_fail(
  p_reservation uuid, p_scope text, p_key text, p_attempt uuid
) RETURNS boolean AS $$
BEGIN
  -- This transaction only reserves (an idempotency record, a hold): it commits without waiting
  -- for its WAL to reach the disk. The capture that charges does wait, and its flush covers every
  -- earlier record, this one included; a crash that loses this commit loses the hold and the
  -- balance change together, and the call fails uncharged.
  PERFORM set_config('synchronous_commit', 'off', true);
  IF p_key IS NOT NULL THEN
    DELETE FROM idempotency_records
      WHERE scope = p_scope AND key = p_key AND attempt = p_attempt AND state = 'in_progress';
  END IF;
  IF p_reservation IS NULL THEN
    RETURN false;
  END IF;
  RETURN vapi_release(p_reservation);
END;
$$ LANGUAGE plpgsql;

--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_hourly" DROP CONSTRAINT "usage_hourly_bucket_key";--> statement-breakpoint
ALTER TABLE "usage_hourly" ADD CONSTRAINT "usage_hourly_bucket_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","deployment","api_key_id","member_uid","shard");--> statement-breakpoint
ALTER TABLE "usage_daily" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_daily" DROP CONSTRAINT "usage_daily_bucket_key";--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_bucket_key" UNIQUE NULLS NOT DISTINCT("organization_id","bucket","deployment","api_key_id","member_uid","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION vapi_rollup_usage() RETURNS trigger AS $$
DECLARE
  v_member text;
  v_shard smallint := pg_backend_pid() % 16;
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
    VALUES (NEW.organization_id, date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(NEW.deployment, ''), NEW.api_key_id, v_member, NEW.api_key_name, 1, NEW.units,
      -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  INSERT INTO usage_daily AS u (organization_id, bucket, deployment, api_key_id, member_uid,
      api_key_name, entries, calls, spent_micros, shard)
    VALUES (NEW.organization_id, date_trunc('day', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      coalesce(NEW.deployment, ''), NEW.api_key_id, v_member, NEW.api_key_name, 1, NEW.units,
      -NEW.amount_micros, v_shard)
    ON CONFLICT (organization_id, bucket, deployment, api_key_id, member_uid, shard) DO UPDATE
      SET entries = u.entries + 1, calls = u.calls + EXCLUDED.calls, spent_micros = u.spent_micros + EXCLUDED.spent_micros,
        api_key_name = coalesce(EXCLUDED.api_key_name, u.api_key_name);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
