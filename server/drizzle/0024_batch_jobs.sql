-- Issue 35, batches as async jobs: a batch (`images`, up to 16) sent with `Prefer: respond-async`
-- is accepted as one job (202) whose result, once it succeeded, is the batch answer. Money, as for
-- a job of one image (0021), with one hold per image:
--   accept:   each image's price was held by its own vapi_begin; every hold becomes the job's
--             (lease 'infinity') and each image is a row of `job_items` with its hold and its
--             input, in the transaction that inserts the job. The job's price is their sum. A
--             batch that cannot be held in full is refused before this (nothing held).
--   succeed:  the run that owns the job stores the batch answer; in the same transaction the hold
--             of every image that answered becomes one ledger row and the hold of every image
--             that failed is released, with the state and `job.succeeded`. A batch none of whose
--             images answered succeeds too, every result an error and nothing charged (as the
--             synchronous batch answers 200).
--   fail / cancel / the 24-hour limit: every hold of the job is released in full.
-- A batch job counts as one job against the organization's cap of queued jobs: it is one row and
-- one run, and its stored input is bounded by the same body limit as one image's.
ALTER TABLE "jobs" ADD COLUMN "images" integer;
--> statement-breakpoint
CREATE TABLE "job_items" (
  "job_id" text NOT NULL REFERENCES "jobs"("id") ON DELETE CASCADE,
  "index" integer NOT NULL,
  -- Null for a test key's job (free, no hold).
  "reservation_id" uuid,
  "price_micros" bigint NOT NULL,
  "balance_after_micros" bigint,
  "input_image" bytea,
  "input_url" text,
  PRIMARY KEY ("job_id", "index"),
  CONSTRAINT "job_items_index_check" CHECK ("index" >= 0 AND "index" < 16)
);
--> statement-breakpoint
-- Gives back every hold of a job's images still held (its failure, cancel or time limit), and
-- forgets their inputs.
CREATE OR REPLACE FUNCTION vapi_job_release_items(p_id text) RETURNS void AS $$
DECLARE
  v_item job_items%ROWTYPE;
BEGIN
  FOR v_item IN SELECT * FROM job_items WHERE job_id = p_id AND reservation_id IS NOT NULL
      ORDER BY index LOOP
    PERFORM vapi_release(v_item.reservation_id);
  END LOOP;
  UPDATE job_items SET input_image = NULL, input_url = NULL WHERE job_id = p_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Accepts a batch job, one round trip after the holds (vapi_begin, one per image): as
-- vapi_job_accept, with p_items a JSON array of {reservation_id, price_micros,
-- balance_after_micros, image (base64) | url}, in the batch's order. Lock order as in 0009:
-- record, reservations, organization. Outcomes as vapi_job_accept's; 'full' releases every hold.
CREATE OR REPLACE FUNCTION vapi_job_accept_batch(
  p_id text, p_boss uuid, p_organization uuid, p_api_key uuid, p_api_key_name text,
  p_deployment text, p_free boolean, p_balance_after bigint, p_params jsonb, p_items jsonb,
  p_cap integer, p_scope text, p_key text, p_attempt uuid, p_response jsonb
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_queued integer;
  v_item jsonb;
  v_count integer := jsonb_array_length(p_items);
  v_price bigint := 0;
  v_created timestamptz := now();
  v_created_text text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  IF v_count < 1 OR v_count > 16 THEN
    RAISE EXCEPTION 'vapi_job_accept_batch: % images', v_count;
  END IF;
  IF p_key IS NOT NULL THEN
    SELECT * INTO v_record FROM idempotency_records
      WHERE scope = p_scope AND key = p_key FOR UPDATE;
    IF NOT FOUND OR v_record.state <> 'in_progress'
       OR v_record.attempt IS DISTINCT FROM p_attempt THEN
      RETURN jsonb_build_object('outcome', 'superseded');
    END IF;
  END IF;
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_items) LOOP
    v_price := v_price + (v_item->>'price_micros')::bigint;
    IF v_item->>'reservation_id' IS NOT NULL THEN
      UPDATE usage_reservations SET lease_until = 'infinity'
        WHERE id = (v_item->>'reservation_id')::uuid AND status = 'held';
      IF NOT FOUND THEN
        -- A hold was released meanwhile (its lease lapsed): every other one goes back now too
        -- (none keeps an 'infinity' lease without its job), and the record is forgotten.
        PERFORM vapi_release((e->>'reservation_id')::uuid)
          FROM jsonb_array_elements(p_items) AS e WHERE e->>'reservation_id' IS NOT NULL;
        IF p_key IS NOT NULL THEN
          DELETE FROM idempotency_records WHERE scope = p_scope AND key = p_key
            AND attempt = p_attempt AND state = 'in_progress';
        END IF;
        RETURN jsonb_build_object('outcome', 'lapsed');
      END IF;
    END IF;
  END LOOP;
  PERFORM 1 FROM organizations WHERE id = p_organization FOR UPDATE;
  SELECT count(*) INTO v_queued FROM (
    SELECT 1 FROM jobs WHERE organization_id = p_organization AND status = 'queued' LIMIT p_cap
  ) q;
  IF v_queued >= p_cap THEN
    IF p_key IS NOT NULL THEN
      DELETE FROM idempotency_records
        WHERE scope = p_scope AND key = p_key AND attempt = p_attempt AND state = 'in_progress';
    END IF;
    PERFORM vapi_release((e->>'reservation_id')::uuid)
      FROM jsonb_array_elements(p_items) AS e WHERE e->>'reservation_id' IS NOT NULL;
    RETURN jsonb_build_object('outcome', 'full', 'queued', v_queued);
  END IF;
  INSERT INTO jobs (id, organization_id, api_key_id, api_key_name, deployment, free,
      reservation_id, price_micros, balance_after_micros, params, input_image, input_url,
      boss_id, created_at, images)
    VALUES (p_id, p_organization, p_api_key, p_api_key_name, p_deployment, p_free,
      NULL, v_price, p_balance_after, p_params, NULL, NULL, p_boss, v_created, v_count);
  INSERT INTO job_items (job_id, index, reservation_id, price_micros, balance_after_micros,
      input_image, input_url)
    SELECT p_id, (e.ordinality - 1)::integer, (e.value->>'reservation_id')::uuid,
      (e.value->>'price_micros')::bigint, (e.value->>'balance_after_micros')::bigint,
      CASE WHEN e.value->>'image' IS NULL THEN NULL ELSE decode(e.value->>'image', 'base64') END,
      e.value->>'url'
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS e(value, ordinality);
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
-- The run that owns a running batch job answered: p_entries maps the index of every image that
-- answered to its ledger row's id ({"0": uuid, ...}); those holds are captured, every other hold
-- of the job is released, the batch answer stored and `job.succeeded` written, together. Fenced
-- as vapi_job_succeed: anything but the owning run is 'superseded' and changes nothing.
CREATE OR REPLACE FUNCTION vapi_job_succeed_batch(
  p_id text, p_attempt uuid, p_entries jsonb, p_result jsonb, p_event jsonb
) RETURNS jsonb AS $$
DECLARE
  j jobs%ROWTYPE;
  v_item job_items%ROWTYPE;
  r usage_reservations%ROWTYPE;
  v_charged integer := 0;
  v_finished text := to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  v_expires text := to_char((now() + interval '24 hours') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
BEGIN
  SELECT * INTO j FROM jobs WHERE id = p_id FOR UPDATE;
  IF NOT FOUND OR j.status <> 'running' OR j.attempt IS DISTINCT FROM p_attempt
     OR j.images IS NULL THEN
    RETURN jsonb_build_object('outcome', 'superseded');
  END IF;
  FOR v_item IN SELECT * FROM job_items WHERE job_id = p_id ORDER BY index LOOP
    IF v_item.reservation_id IS NULL THEN
      CONTINUE;
    END IF;
    IF p_entries ? v_item.index::text THEN
      UPDATE usage_reservations SET status = 'captured', settled_at = now()
        WHERE id = v_item.reservation_id AND status = 'held'
        RETURNING * INTO r;
      IF NOT FOUND THEN
        -- Only this job's transitions settle its holds (their lease is 'infinity'): unreachable.
        RAISE EXCEPTION 'vapi_job_hold_settled: % image %', p_id, v_item.index;
      END IF;
      INSERT INTO ledger_entries (id, organization_id, kind, deployment, units, amount_micros,
          balance_after_micros, api_key_id, api_key_name, reservation_id)
        VALUES ((p_entries->>(v_item.index::text))::uuid, r.organization_id, 'usage',
          r.deployment, 1, -r.amount_micros, r.balance_after_micros, r.api_key_id,
          j.api_key_name, r.id);
      v_charged := v_charged + 1;
    ELSE
      IF NOT vapi_release(v_item.reservation_id) THEN
        RAISE EXCEPTION 'vapi_job_hold_settled: % image %', p_id, v_item.index;
      END IF;
    END IF;
  END LOOP;
  UPDATE job_items SET input_image = NULL, input_url = NULL WHERE job_id = p_id;
  UPDATE jobs SET status = 'succeeded', result = p_result, finished_at = now(),
      expires_at = now() + interval '24 hours', lease_until = NULL
    WHERE id = p_id;
  PERFORM vapi_publish_event(j.organization_id, 'job.succeeded',
    p_event || jsonb_build_object('status', 'succeeded', 'finished_at', v_finished,
      'expires_at', v_expires));
  RETURN jsonb_build_object('outcome', 'succeeded', 'charged', v_charged);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- 0021's vapi_job_fail, and a batch job's holds released with its own.
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
  IF j.images IS NOT NULL THEN
    PERFORM vapi_job_release_items(p_id);
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
-- 0021's vapi_job_cancel, and a batch job's holds released with its own.
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
  IF j.images IS NOT NULL THEN
    PERFORM vapi_job_release_items(p_id);
  END IF;
  UPDATE jobs SET status = 'canceled', finished_at = now(),
      expires_at = now() + interval '24 hours', lease_until = NULL, input_image = NULL,
      input_url = NULL
    WHERE id = p_id;
  RETURN jsonb_build_object('outcome', 'canceled');
END;
$$ LANGUAGE plpgsql;
