-- Issue 35, async jobs: a deployment call sent with `Prefer: respond-async` is accepted as a job
-- (202) and answered later by a worker. This table is the job's truth (its state, its input while
-- it waits, its result for 24 hours); pg-boss (its own `pgboss` schema) only carries the wake-ups
-- of the workers, durably. Every state change of a job is one of the functions below, each one
-- transaction, fenced by the job's state and its run's `attempt`:
--   accept  (queued):    the price was held by vapi_begin; the hold becomes the job's
--                        (lease_until = 'infinity', see below) and the Idempotency-Key's record
--                        keeps the 202 answer, in the transaction that inserts the job;
--   claim   (running):   a worker takes a queued job, or a running one whose lease lapsed (its
--                        process died), with a new attempt; the lease is renewed by a heartbeat;
--   succeed:             the hold is captured into one ledger row, the result stored, the state
--                        set and the event `job.succeeded` written, together, only by the attempt
--                        that owns the running job (so a re-run after a crash never charges twice);
--   fail / cancel:       the hold is released in full with the state (and `job.failed`).
--
-- The hold of a job: a call's hold has a 10 s lease that its process renews, and any process
-- releases it once that lapses (the process died). A queued job may wait much longer than that
-- and belongs to no process, so its hold's lease is 'infinity': the lease sweep never takes it,
-- and only the job's own transitions settle it (success captures; failure, cancel, and the
-- 24-hour limit on a job that never finished release). The job row is what keeps the hold alive.
CREATE TABLE "jobs" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "api_key_id" uuid NOT NULL,
  "api_key_name" text,
  "deployment" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  -- A test key's job: free, answered by the sample answerer, no hold.
  "free" boolean NOT NULL,
  "reservation_id" uuid,
  "price_micros" bigint NOT NULL,
  "balance_after_micros" bigint,
  "params" jsonb NOT NULL,
  "input_image" bytea,
  "input_url" text,
  "result" jsonb,
  "error" jsonb,
  "attempt" uuid,
  "lease_until" timestamp with time zone,
  "runs" integer DEFAULT 0 NOT NULL,
  -- The pg-boss job that wakes a worker for it (a new one when a lapsed run is queued again).
  "boss_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "started_at" timestamp with time zone,
  "finished_at" timestamp with time zone,
  -- finished_at + 24 hours: then the result is deleted (purged_at set); the row itself, a few
  -- hundred bytes, says so for 30 more days and is then deleted too.
  "expires_at" timestamp with time zone,
  "purged_at" timestamp with time zone,
  CONSTRAINT "jobs_status_check" CHECK ("status" IN ('queued', 'running', 'succeeded', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE INDEX "jobs_organization_queued_idx" ON "jobs" ("organization_id") WHERE "status" = 'queued';
--> statement-breakpoint
CREATE INDEX "jobs_open_idx" ON "jobs" ("created_at") WHERE "status" IN ('queued', 'running');
--> statement-breakpoint
CREATE INDEX "jobs_running_lease_idx" ON "jobs" ("lease_until") WHERE "status" = 'running';
--> statement-breakpoint
CREATE INDEX "jobs_expires_idx" ON "jobs" ("expires_at") WHERE "purged_at" IS NULL AND "expires_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "jobs_purged_idx" ON "jobs" ("purged_at") WHERE "purged_at" IS NOT NULL;
--> statement-breakpoint
-- Accepts a job, one round trip after vapi_begin: the hold becomes the job's (lease 'infinity'),
-- the organization's queued jobs are counted under its row lock (at most p_cap), the job is
-- inserted and the Idempotency-Key's record keeps the 202 answer. Lock order as in 0009: record,
-- reservation, organization. Outcomes: accepted {created_at}, superseded (another attempt owns
-- the key), lapsed (the hold was released meanwhile), full {queued} (the hold is released and
-- the record forgotten here).
CREATE OR REPLACE FUNCTION vapi_job_accept(
  p_id text, p_boss uuid, p_organization uuid, p_api_key uuid, p_api_key_name text,
  p_deployment text, p_free boolean, p_reservation uuid, p_price bigint, p_balance_after bigint,
  p_params jsonb, p_image bytea, p_url text, p_cap integer,
  p_scope text, p_key text, p_attempt uuid, p_response jsonb
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_queued integer;
  v_created timestamptz := now();
  v_created_text text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  IF p_key IS NOT NULL THEN
    SELECT * INTO v_record FROM idempotency_records
      WHERE scope = p_scope AND key = p_key FOR UPDATE;
    IF NOT FOUND OR v_record.state <> 'in_progress'
       OR v_record.attempt IS DISTINCT FROM p_attempt THEN
      RETURN jsonb_build_object('outcome', 'superseded');
    END IF;
  END IF;
  IF p_reservation IS NOT NULL THEN
    UPDATE usage_reservations SET lease_until = 'infinity'
      WHERE id = p_reservation AND status = 'held';
    IF NOT FOUND THEN
      RETURN jsonb_build_object('outcome', 'lapsed');
    END IF;
  END IF;
  PERFORM 1 FROM organizations WHERE id = p_organization FOR UPDATE;
  SELECT count(*) INTO v_queued FROM (
    SELECT 1 FROM jobs WHERE organization_id = p_organization AND status = 'queued' LIMIT p_cap
  ) q;
  IF v_queued >= p_cap THEN
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_records
        WHERE scope = p_scope AND key = p_key AND attempt = p_attempt AND state = 'in_progress';
    END IF;
    IF p_reservation IS NOT NULL THEN
      PERFORM vapi_release(p_reservation);
    END IF;
    RETURN jsonb_build_object('outcome', 'full', 'queued', v_queued);
  END IF;
  INSERT INTO jobs (id, organization_id, api_key_id, api_key_name, deployment, free,
      reservation_id, price_micros, balance_after_micros, params, input_image, input_url,
      boss_id, created_at)
    VALUES (p_id, p_organization, p_api_key, p_api_key_name, p_deployment, p_free,
      p_reservation, p_price, p_balance_after, p_params, p_image, p_url, p_boss, v_created);
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_records
      SET state = 'done', status_code = 202,
        response = p_response || jsonb_build_object('created_at', v_created_text),
        lease_until = NULL, reservation_id = NULL
      WHERE scope = p_scope AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'accepted', 'created_at', v_created_text);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The run that owns a running job answered: its hold becomes one ledger row (p_entry), its result
-- is stored and `job.succeeded` written, together. Anything else (canceled meanwhile, or another
-- run took it over after this one's lease lapsed) is 'superseded' and changes nothing: a job is
-- charged at most once, by the one run that moves it from running to succeeded.
CREATE OR REPLACE FUNCTION vapi_job_succeed(
  p_id text, p_attempt uuid, p_entry uuid, p_result jsonb, p_event jsonb
) RETURNS jsonb AS $$
DECLARE
  j jobs%ROWTYPE;
  r usage_reservations%ROWTYPE;
  v_finished text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_expires text := to_char((now() + interval '24 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  SELECT * INTO j FROM jobs WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR j.status <> 'running' OR j.attempt IS DISTINCT FROM p_attempt THEN
    RETURN jsonb_build_object('outcome', 'superseded');
  END IF;
  IF j.reservation_id IS NOT NULL THEN
    UPDATE usage_reservations SET status = 'captured', settled_at = now()
      WHERE id = j.reservation_id AND status = 'held'
      RETURNING * INTO r;
    IF NOT FOUND THEN
      -- Only this job's transitions settle its hold (its lease is 'infinity'): unreachable.
      RAISE EXCEPTION 'vapi_job_hold_settled: %', p_id;
    END IF;
    INSERT INTO ledger_entries (id, organization_id, kind, deployment, units, amount_micros,
        balance_after_micros, api_key_id, api_key_name, reservation_id)
      VALUES (p_entry, r.organization_id, 'usage', r.deployment, 1, -r.amount_micros,
        r.balance_after_micros, r.api_key_id, j.api_key_name, r.id);
  END IF;
  UPDATE jobs SET status = 'succeeded', result = p_result, finished_at = now(),
      expires_at = now() + interval '24 hours', lease_until = NULL, input_image = NULL,
      input_url = NULL
    WHERE id = p_id;
  PERFORM vapi_publish_event(j.organization_id, 'job.succeeded',
    p_event || jsonb_build_object('status', 'succeeded', 'finished_at', v_finished,
      'expires_at', v_expires));
  RETURN jsonb_build_object('outcome', 'succeeded');
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The job failed: its hold is released in full, its error stored and `job.failed` written,
-- together. p_attempt NULL: the system ends a job that is not finished (the 24-hour limit, or
-- too many interrupted runs) whatever run owns it.
CREATE OR REPLACE FUNCTION vapi_job_fail(
  p_id text, p_attempt uuid, p_error jsonb, p_event jsonb
) RETURNS jsonb AS $$
DECLARE
  j jobs%ROWTYPE;
  v_finished text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_expires text := to_char((now() + interval '24 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  SELECT * INTO j FROM jobs WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR j.status NOT IN ('queued', 'running')
     OR (p_attempt IS NOT NULL AND (j.status <> 'running' OR j.attempt IS DISTINCT FROM p_attempt)) THEN
    RETURN jsonb_build_object('outcome', 'superseded');
  END IF;
  IF j.reservation_id IS NOT NULL THEN
    PERFORM vapi_release(j.reservation_id);
  END IF;
  UPDATE jobs SET status = 'failed', error = p_error, finished_at = now(),
      expires_at = now() + interval '24 hours', lease_until = NULL, input_image = NULL,
      input_url = NULL
    WHERE id = p_id;
  PERFORM vapi_publish_event(j.organization_id, 'job.failed',
    p_event || jsonb_build_object('status', 'failed', 'error', p_error,
      'finished_at', v_finished, 'expires_at', v_expires));
  RETURN jsonb_build_object('outcome', 'failed');
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Cancels a queued or running job of the organization: its hold is released in full with the
-- state (a running job's answer, if it comes, is then 'superseded' and never charged).
-- Outcomes: canceled, not_found, finished {status} (already terminal: nothing changes).
CREATE OR REPLACE FUNCTION vapi_job_cancel(p_id text, p_organization uuid) RETURNS jsonb AS $$
DECLARE
  j jobs%ROWTYPE;
BEGIN
  SELECT * INTO j FROM jobs WHERE id = p_id AND organization_id = p_organization FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'not_found');
  END IF;
  IF j.status NOT IN ('queued', 'running') THEN
    RETURN jsonb_build_object('outcome', 'finished', 'status', j.status);
  END IF;
  IF j.reservation_id IS NOT NULL THEN
    PERFORM vapi_release(j.reservation_id);
  END IF;
  UPDATE jobs SET status = 'canceled', finished_at = now(),
      expires_at = now() + interval '24 hours', lease_until = NULL, input_image = NULL,
      input_url = NULL
    WHERE id = p_id;
  RETURN jsonb_build_object('outcome', 'canceled');
END;
$$ LANGUAGE plpgsql;
