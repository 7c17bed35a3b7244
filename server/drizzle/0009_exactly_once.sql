DROP TABLE "rate_limit_counters" CASCADE;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "attempt" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "idempotency_records_attempt_idx" ON "idempotency_records" USING btree ("attempt") WHERE state = 'in_progress';--> statement-breakpoint
CREATE INDEX "usage_reservations_lease_idx" ON "usage_reservations" USING btree ("lease_until") WHERE status = 'held';--> statement-breakpoint
-- Exactly once under faults. A metered call is two transactions, each one round trip: vapi_begin
-- (the Idempotency-Key's record and the hold) and vapi_capture (the charge and the stored answer,
-- together). Every time comparison is made on the database's clock. A hold and an in-progress
-- record carry a lease that the process running the call renews while it runs; once it lapses,
-- the process is taken for dead: any process releases the hold (vapi_release), and a retry with
-- the same key takes the record over. Lock order everywhere: idempotency record, reservation,
-- API key, membership, organization.

-- Holds a call's price, in the caller's transaction: the key's monthly cap, the leak
-- circuit-breaker, the creator's monthly limit, then the wallet. Decides before it writes, so a
-- refusal changes nothing; returns {outcome: 'held', reservation_id, amount, balance_after} or
-- {outcome: 'refused', reason, ...the current figures}.
CREATE OR REPLACE FUNCTION vapi_hold(
  p_organization uuid, p_api_key uuid, p_deployment text, p_lease_ms integer,
  p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb AS $$
DECLARE
  v_price bigint;
  v_key api_keys%ROWTYPE;
  v_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  v_today date := (now() AT TIME ZONE 'UTC')::date;
  v_spent bigint;
  v_day bigint;
  v_trailing bigint;
  v_limit bigint;
  v_member_spent bigint;
  v_balance bigint;
  v_id uuid;
BEGIN
  SELECT price_per_call_micros INTO v_price FROM deployments WHERE path = p_deployment;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'unknown_deployment');
  END IF;
  SELECT * INTO v_key FROM api_keys
    WHERE id = p_api_key AND organization_id = p_organization FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'unknown_key');
  END IF;
  v_spent := CASE WHEN v_key.spend_month = v_month THEN v_key.month_spend_micros ELSE 0 END;
  IF v_key.monthly_cap_micros IS NOT NULL AND v_spent + v_price > v_key.monthly_cap_micros THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'cap', 'price', v_price,
      'spent', v_spent, 'cap', v_key.monthly_cap_micros);
  END IF;
  -- The leak circuit-breaker: a new day folds the last one into the running average (about a
  -- week), decayed for the days without calls.
  v_day := (CASE WHEN v_key.spend_day = v_today THEN v_key.day_spend_micros ELSE 0 END) + v_price;
  v_trailing := CASE WHEN v_key.spend_day IS DISTINCT FROM v_today THEN
      floor((v_key.trailing_daily_micros * 6
          + (CASE WHEN v_key.spend_day IS NULL THEN 0 ELSE v_key.day_spend_micros END)) / 7.0
        * power(6.0 / 7.0, greatest(0, coalesce(v_today - v_key.spend_day, 1) - 1)))
    ELSE v_key.trailing_daily_micros END;
  IF v_key.created_at < now() - interval '1 day' AND v_day > p_spike_floor
     AND v_day > p_spike_factor * v_trailing THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'spend_spike', 'price', v_price,
      'day_spend', v_day - v_price, 'trailing', v_trailing);
  END IF;
  -- The creator's monthly limit: counted under the member's row lock, in statements whose
  -- snapshots follow the lock, so concurrent calls on their other keys cannot pass it together.
  -- No limit: no lock, nothing more to do.
  IF v_key.created_by_uid IS NOT NULL THEN
    SELECT monthly_limit_micros INTO v_limit FROM memberships
      WHERE organization_id = p_organization AND uid = v_key.created_by_uid;
    IF v_limit IS NOT NULL THEN
      SELECT monthly_limit_micros INTO v_limit FROM memberships
        WHERE organization_id = p_organization AND uid = v_key.created_by_uid FOR UPDATE;
    END IF;
    IF v_limit IS NOT NULL THEN
      SELECT v_spent
          + (SELECT coalesce(sum(month_spend_micros), 0) FROM api_keys
              WHERE organization_id = p_organization AND created_by_uid = v_key.created_by_uid
                AND spend_month = v_month AND id <> p_api_key)
          + (SELECT coalesce(sum(month_spend_micros), 0) FROM deleted_key_spend
              WHERE organization_id = p_organization AND created_by_uid = v_key.created_by_uid
                AND spend_month = v_month)
        INTO v_member_spent;
      IF v_member_spent + v_price > v_limit THEN
        RETURN jsonb_build_object('outcome', 'refused', 'reason', 'member_limit',
          'price', v_price, 'limit', v_limit, 'spent', v_member_spent);
      END IF;
    END IF;
  END IF;
  UPDATE organizations SET balance_micros = balance_micros - v_price
    WHERE id = p_organization AND balance_micros >= v_price
    RETURNING balance_micros INTO v_balance;
  IF NOT FOUND THEN
    SELECT balance_micros INTO v_balance FROM organizations WHERE id = p_organization;
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'insufficient', 'price', v_price,
      'balance', coalesce(v_balance, 0));
  END IF;
  UPDATE api_keys SET
      month_spend_micros = v_spent + v_price, spend_month = v_month,
      trailing_daily_micros = v_trailing, day_spend_micros = v_day, spend_day = v_today,
      last_used_at = now()
    WHERE id = p_api_key;
  INSERT INTO usage_reservations
      (organization_id, api_key_id, deployment, amount_micros, balance_after_micros, status,
       lease_until)
    VALUES (p_organization, p_api_key, p_deployment, v_price, v_balance, 'held',
      now() + make_interval(secs => p_lease_ms / 1000.0))
    RETURNING id INTO v_id;
  RETURN jsonb_build_object('outcome', 'held', 'reservation_id', v_id, 'amount', v_price,
    'balance_after', v_balance);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Gives a hold back: the wallet and the key's monthly spend (or, when the key was deleted
-- meanwhile, the spend kept for its member). False when it was already settled.
CREATE OR REPLACE FUNCTION vapi_release(p_reservation uuid) RETURNS boolean AS $$
DECLARE
  r usage_reservations%ROWTYPE;
  v_month date;
BEGIN
  UPDATE usage_reservations SET status = 'released', settled_at = now()
    WHERE id = p_reservation AND status = 'held'
    RETURNING * INTO r;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  v_month := date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date;
  UPDATE api_keys SET month_spend_micros = greatest(0, month_spend_micros - r.amount_micros)
    WHERE id = r.api_key_id AND spend_month = v_month;
  IF NOT FOUND THEN
    UPDATE deleted_key_spend
      SET month_spend_micros = greatest(0, month_spend_micros - r.amount_micros)
      WHERE api_key_id = r.api_key_id AND spend_month = v_month;
  END IF;
  UPDATE organizations SET balance_micros = balance_micros + r.amount_micros
    WHERE id = r.organization_id;
  RETURN true;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Starts a call, one round trip. With an Idempotency-Key (p_key): the record is created, or a
-- finished one is replayed, a running one answers in_progress (with the seconds its lease has
-- left), another request under the key is a mismatch, and one whose lease lapsed (its process
-- died) is taken over after its hold is released. Then, for a charged call, the hold. A refused
-- hold leaves no record: only successful answers are remembered.
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
-- Finishes a call that answered, one round trip: the charge (the hold becomes a ledger row with
-- the id the answer already names) and the stored answer commit together. Fenced: only the
-- attempt that owns the record may complete it ({outcome: 'superseded'} otherwise, and nothing
-- is charged). A hold released meanwhile by a sweep (its lease lapsed while this process could
-- not renew it, as in a database outage) is taken again here, so an answer is never given
-- uncharged nor charged twice; if that is refused, nothing is charged ({outcome: 'refused',
-- hold}). A hold already captured is never charged again ({outcome: 'settled'}).
CREATE OR REPLACE FUNCTION vapi_capture(
  p_reservation uuid, p_entry uuid, p_api_key_name text,
  p_scope text, p_key text, p_attempt uuid, p_status integer, p_response jsonb,
  p_lease_ms integer, p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_res usage_reservations%ROWTYPE;
  v_hold jsonb;
  v_response jsonb := p_response;
  v_usage jsonb := NULL;
  v_created timestamptz := NULL;
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
    UPDATE usage_reservations SET status = 'captured', settled_at = now()
      WHERE id = p_reservation AND status = 'held'
      RETURNING * INTO v_res;
    IF NOT FOUND THEN
      SELECT * INTO v_res FROM usage_reservations WHERE id = p_reservation;
      IF NOT FOUND OR v_res.status <> 'released' THEN
        RETURN jsonb_build_object('outcome', 'settled');
      END IF;
      v_hold := vapi_hold(v_res.organization_id, v_res.api_key_id, v_res.deployment, p_lease_ms,
        p_spike_factor, p_spike_floor);
      IF v_hold->>'outcome' <> 'held' THEN
        RETURN jsonb_build_object('outcome', 'refused', 'hold', v_hold);
      END IF;
      UPDATE usage_reservations SET status = 'captured', settled_at = now()
        WHERE id = (v_hold->>'reservation_id')::uuid
        RETURNING * INTO v_res;
      v_usage := jsonb_build_object(
        'cost_usd', round(v_res.amount_micros / 1000000.0, 6)::float8,
        'remaining_credits', round(v_res.balance_after_micros / 1000000.0, 6)::float8,
        'transaction_id', p_entry);
      IF v_response IS NOT NULL AND jsonb_typeof(v_response) = 'object'
         AND v_response ? 'usage' THEN
        v_response := jsonb_set(v_response, '{usage}', v_usage);
      END IF;
    END IF;
    INSERT INTO ledger_entries (id, organization_id, kind, deployment, units, amount_micros,
        balance_after_micros, api_key_id, api_key_name, reservation_id)
      VALUES (p_entry, v_res.organization_id, 'usage', v_res.deployment, 1, -v_res.amount_micros,
        v_res.balance_after_micros, v_res.api_key_id, p_api_key_name, v_res.id)
      RETURNING created_at INTO v_created;
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_records
      SET state = 'done', status_code = p_status, response = v_response, lease_until = NULL,
        reservation_id = NULL
      WHERE scope = p_scope AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'captured', 'usage', v_usage,
    'balance_after', v_res.balance_after_micros, 'amount', v_res.amount_micros,
    'created_at', v_created);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A call that failed: its record is forgotten (a retry runs afresh) and its hold given back, in
-- one round trip. Only the attempt that owns the record removes it.
CREATE OR REPLACE FUNCTION vapi_fail(
  p_reservation uuid, p_scope text, p_key text, p_attempt uuid
) RETURNS boolean AS $$
BEGIN
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
-- The heartbeat of a process: renews the leases of the records and holds of the calls it is
-- running. Records before holds, as everywhere, and rows another transaction holds (the call's
-- own capture, a release) are skipped rather than waited for: this statement never waits for a
-- lock, so it can never be part of a deadlock, and a skipped lease is renewed at the next beat.
CREATE OR REPLACE FUNCTION vapi_renew(
  p_reservations uuid[], p_attempts uuid[], p_lease_ms integer
) RETURNS void AS $$
BEGIN
  UPDATE idempotency_records SET lease_until = now() + make_interval(secs => p_lease_ms / 1000.0)
    WHERE (scope, key) IN (
      SELECT scope, key FROM idempotency_records
        WHERE attempt = ANY (p_attempts) AND state = 'in_progress'
        FOR UPDATE SKIP LOCKED);
  UPDATE usage_reservations SET lease_until = now() + make_interval(secs => p_lease_ms / 1000.0)
    WHERE id IN (
      SELECT id FROM usage_reservations
        WHERE id = ANY (p_reservations) AND status = 'held'
        FOR UPDATE SKIP LOCKED);
END;
$$ LANGUAGE plpgsql;
