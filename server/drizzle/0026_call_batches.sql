-- Issue 30, fewer round trips per metered call: the calls a process begins (or captures) at the
-- same moment share one statement and one transaction. Each call keeps its own outcome: every
-- item runs vapi_begin / vapi_capture, unchanged, in a subtransaction of its own, so an error in
-- one (a lock timeout, a deadlock, a constraint) rolls back that call alone and is answered as
-- its own error ({"outcome": "error", "sqlstate", "message"}); the others commit together.
--
-- vapi_begin_many commits asynchronously, as vapi_begin does alone (migration 0018).
-- vapi_capture_many commits synchronously: one WAL flush makes every charge and stored answer of
-- the batch durable at once, and none of them is answered before that flush. Atomicity per call
-- is unchanged: a call's charge and its stored answer are one subtransaction, and the batch's
-- commit either keeps both or neither.
--
-- The caller sends at most 32 items (a transaction keeps at most 64 subtransactions in shared
-- memory before snapshots slow down for everyone), ordered by organization and key so that two
-- batches take the wallets' row locks in the same order.
CREATE OR REPLACE FUNCTION vapi_begin_many(p_calls jsonb) RETURNS jsonb AS $$
DECLARE
  v_item jsonb;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_calls) WITH ORDINALITY ORDER BY ordinality
  LOOP
    BEGIN
      v_result := vapi_begin(v_item->>'scope', v_item->>'key', v_item->>'hash',
        (v_item->>'attempt')::uuid, (v_item->>'lease_ms')::integer,
        coalesce((v_item->>'hold')::boolean, false), (v_item->>'organization')::uuid,
        (v_item->>'api_key')::uuid, v_item->>'deployment',
        coalesce((v_item->>'spike_factor')::float8, 0), coalesce((v_item->>'spike_floor')::bigint, 0));
    EXCEPTION WHEN OTHERS THEN
      v_result := jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE, 'message', SQLERRM);
    END;
    v_out := v_out || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_out;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vapi_capture_many(p_calls jsonb) RETURNS jsonb AS $$
DECLARE
  v_item jsonb;
  v_result jsonb;
  v_out jsonb := '[]'::jsonb;
BEGIN
  FOR v_item IN SELECT value FROM jsonb_array_elements(p_calls) WITH ORDINALITY ORDER BY ordinality
  LOOP
    BEGIN
      v_result := vapi_capture((v_item->>'reservation')::uuid, (v_item->>'entry')::uuid,
        v_item->>'api_key_name', v_item->>'scope', v_item->>'key', (v_item->>'attempt')::uuid,
        (v_item->>'status')::integer, v_item->'response', (v_item->>'lease_ms')::integer,
        coalesce((v_item->>'spike_factor')::float8, 0), coalesce((v_item->>'spike_floor')::bigint, 0));
    EXCEPTION WHEN OTHERS THEN
      v_result := jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE, 'message', SQLERRM);
    END;
    v_out := v_out || jsonb_build_array(v_result);
  END LOOP;
  RETURN v_out;
END;
$$ LANGUAGE plpgsql;
