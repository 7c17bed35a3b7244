-- Issue 30, the capture's cost in PostgreSQL. Measured with track_functions on bench:gateway
-- (PostgreSQL 15, 6,120 calls, 4.7 calls a capture statement): the usage rollups' trigger (0025)
-- took 0.29 ms of PostgreSQL's 0.66 ms a call, the most of any function, because vapi_capture
-- inserts its one ledger row in a statement of its own, so the statement-level trigger ran its
-- five upserts (each joining the keys) once per call, not once per batch.
--
-- Now the capture of a batch inserts every ledger row of the batch in one statement, after the
-- items: each item still runs in a subtransaction of its own (an error rolls back that call
-- alone: its reservation stays held and nothing of it is inserted), and hands back the row it
-- would have inserted; the rows of the items that succeeded are inserted together, and the
-- trigger adds them to the rollups once. Atomicity per call is the transaction's: a call's
-- charge (its ledger row), its reservation's capture and its stored answer commit together or not
-- at all, as before; if the final insert failed, the whole statement would fail and no call of
-- the batch would be charged or answered from the store (each is then failed and its hold given
-- back, as for any failed capture).
--
-- created_at is the transaction's now(), as the column's default gave it; the id is the caller's
-- (the answer's transaction_id), as before.
CREATE OR REPLACE FUNCTION vapi_capture_row(
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
  v_row jsonb := NULL;
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
    v_created := now();
    v_row := jsonb_build_object('id', p_entry, 'organization_id', v_res.organization_id,
      'deployment', v_res.deployment, 'amount_micros', -v_res.amount_micros,
      'balance_after_micros', v_res.balance_after_micros, 'api_key_id', v_res.api_key_id,
      'api_key_name', p_api_key_name, 'reservation_id', v_res.id);
  END IF;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_records
      SET state = 'done', status_code = p_status, response = v_response, lease_until = NULL,
        reservation_id = NULL
      WHERE scope = p_scope AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'captured', 'usage', v_usage,
    'balance_after', v_res.balance_after_micros, 'amount', v_res.amount_micros,
    'created_at', v_created, 'ledger_row', v_row);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The usage rows handed back by vapi_capture_row, inserted in one statement.
CREATE OR REPLACE FUNCTION vapi_insert_usage_rows(p_rows jsonb) RETURNS void AS $$
BEGIN
  INSERT INTO ledger_entries (id, organization_id, kind, deployment, units, amount_micros,
      balance_after_micros, api_key_id, api_key_name, reservation_id, created_at)
    SELECT r.id, r.organization_id, 'usage', r.deployment, 1, r.amount_micros,
      r.balance_after_micros, r.api_key_id, r.api_key_name, r.reservation_id, now()
    FROM jsonb_to_recordset(p_rows) AS r(id uuid, organization_id uuid, deployment text,
      amount_micros bigint, balance_after_micros bigint, api_key_id uuid, api_key_name text,
      reservation_id uuid);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One call's capture, as before (0009): the item, then its ledger row.
CREATE OR REPLACE FUNCTION vapi_capture(
  p_reservation uuid, p_entry uuid, p_api_key_name text,
  p_scope text, p_key text, p_attempt uuid, p_status integer, p_response jsonb,
  p_lease_ms integer, p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb AS $$
DECLARE
  v_result jsonb;
BEGIN
  v_result := vapi_capture_row(p_reservation, p_entry, p_api_key_name, p_scope, p_key,
    p_attempt, p_status, p_response, p_lease_ms, p_spike_factor, p_spike_floor);
  IF jsonb_typeof(v_result->'ledger_row') = 'object' THEN
    PERFORM vapi_insert_usage_rows(jsonb_build_array(v_result->'ledger_row'));
  END IF;
  RETURN v_result - 'ledger_row';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vapi_capture_many(p_calls jsonb) RETURNS jsonb AS $$
DECLARE
  v_item jsonb;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
  v_rows jsonb := '[]'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_calls) WITH ORDINALITY ORDER BY ordinality
  LOOP
    BEGIN
      v_result := vapi_capture_row((v_item->>'reservation')::uuid, (v_item->>'entry')::uuid,
        v_item->>'api_key_name', v_item->>'scope', v_item->>'key', (v_item->>'attempt')::uuid,
        (v_item->>'status')::integer, v_item->'response', (v_item->>'lease_ms')::integer,
        coalesce((v_item->>'spike_factor')::float8, 0), coalesce((v_item->>'spike_floor')::bigint, 0));
    EXCEPTION WHEN OTHERS THEN
      v_result := jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE, 'message', SQLERRM);
    END;
    IF jsonb_typeof(v_result->'ledger_row') = 'object' THEN
      v_rows := v_rows || jsonb_build_array(v_result->'ledger_row');
    END IF;
    v_out := v_out || jsonb_build_array(v_result - 'ledger_row');
  END LOOP;
  IF jsonb_array_length(v_rows) > 0 THEN
    PERFORM vapi_insert_usage_rows(v_rows);
  END IF;
  RETURN v_out;
END;
$$ LANGUAGE plpgsql;
