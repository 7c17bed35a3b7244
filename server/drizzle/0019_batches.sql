-- Issue 35, batches: a call of up to 16 images holds each image's price on its own (vapi_begin
-- without a record) and gives back at once the holds of the images that failed; the holds of the
-- images that answered become ledger rows and the whole answer is stored under the call's
-- `Idempotency-Key` in this one transaction, as vapi_capture does for one image. A hold that was
-- released meanwhile (its lease lapsed while the process could not reach the database) aborts
-- the whole capture: nothing is charged, the call answers 503 and a retry runs it afresh.
CREATE OR REPLACE FUNCTION vapi_capture_batch(
  p_reservations uuid[], p_entries uuid[], p_api_key_name text,
  p_scope text, p_key text, p_attempt uuid, p_status integer, p_response jsonb
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_res usage_reservations%ROWTYPE;
  v_count integer := coalesce(array_length(p_reservations, 1), 0);
BEGIN
  IF v_count <> coalesce(array_length(p_entries, 1), 0) THEN
    RAISE EXCEPTION 'vapi_capture_batch: % holds for % entries', v_count,
      coalesce(array_length(p_entries, 1), 0);
  END IF;
  IF p_key IS NOT NULL THEN
    SELECT * INTO v_record FROM idempotency_records
      WHERE scope = p_scope AND key = p_key FOR UPDATE;
    IF NOT FOUND OR v_record.state <> 'in_progress'
       OR v_record.attempt IS DISTINCT FROM p_attempt THEN
      RETURN jsonb_build_object('outcome', 'superseded');
    END IF;
  END IF;
  FOR i IN 1 .. v_count LOOP
    UPDATE usage_reservations SET status = 'captured', settled_at = now()
      WHERE id = p_reservations[i] AND status = 'held'
      RETURNING * INTO v_res;
    IF NOT FOUND THEN
      -- Everything above is undone with this statement.
      RAISE EXCEPTION 'vapi_batch_hold_lapsed' USING ERRCODE = 'P0001';
    END IF;
    INSERT INTO ledger_entries (id, organization_id, kind, deployment, units, amount_micros,
        balance_after_micros, api_key_id, api_key_name, reservation_id)
      VALUES (p_entries[i], v_res.organization_id, 'usage', v_res.deployment, 1,
        -v_res.amount_micros, v_res.balance_after_micros, v_res.api_key_id, p_api_key_name,
        v_res.id);
  END LOOP;
  IF p_key IS NOT NULL THEN
    UPDATE idempotency_records
      SET state = 'done', status_code = p_status, response = p_response, lease_until = NULL,
        reservation_id = NULL
      WHERE scope = p_scope AND key = p_key;
  END IF;
  RETURN jsonb_build_object('outcome', 'captured', 'charged', v_count);
END;
$$ LANGUAGE plpgsql;
