-- Issue 30: the holds of a batch are taken together, once per key.
--
-- 0026 ran vapi_begin for every call of a batch in a subtransaction of its own, so a batch of
-- one key updated the wallet's row and the key's row once per call, each time from another
-- subtransaction. A row updated (or locked) by one subtransaction and updated again by a
-- sibling gets a MultiXact as its xmax (checked with pageinspect: 3 calls in one statement left
-- both rows' versions with multixact xmax; 3 statements of one call, none), and every later read
-- of the row walks those versions through GetMultiXactIdMembers: 9 % of all CPU (a quarter of
-- PostgreSQL's) in perf during bench:gateway.
--
-- Now vapi_begin_many claims each call's Idempotency-Key in a subtransaction of its own, as
-- before (distinct rows; a malformed item still fails alone), and then takes the holds of each
-- key's calls with vapi_hold_group, outside any subtransaction: one lock of the key, of the
-- member's row when it has a limit, and of the wallet; the same decisions as vapi_hold taken one
-- call after the other (unknown deployment, unknown key, the key's own limits, its monthly cap,
-- the leak breaker, the member's limit, the balance), figures carried from one call to the next
-- in memory; then one update of the wallet, one of the key and one insert of the holds. The
-- outcomes are exactly those of vapi_hold called in the batch's order
-- (tests/server/group-holds.test.ts compares them on random batches). An error there fails the
-- whole statement (nothing of it is kept) and the services host runs each call again alone.
CREATE OR REPLACE FUNCTION vapi_hold_group(
  p_organization uuid, p_api_key uuid, p_deployments text[], p_lease_ms integer,
  p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb[] AS $$
DECLARE
  v_key api_keys%ROWTYPE;
  v_key_found boolean;
  v_month date := date_trunc('month', now() AT TIME ZONE 'UTC')::date;
  v_today date := (now() AT TIME ZONE 'UTC')::date;
  v_spent bigint;
  v_day bigint;
  v_trailing bigint;
  v_limit bigint;
  v_member_checked boolean := false;
  v_member_other bigint := 0;
  v_balance bigint;
  v_wallet_read boolean := false;
  v_price bigint;
  v_dep text;
  v_id uuid;
  v_out jsonb[] := '{}';
  v_ids uuid[] := '{}';
  v_deps text[] := '{}';
  v_amounts bigint[] := '{}';
  v_afters bigint[] := '{}';
  v_total bigint := 0;
  v_lease_until timestamptz := now() + make_interval(secs => p_lease_ms / 1000.0);
BEGIN
  SELECT * INTO v_key FROM api_keys
    WHERE id = p_api_key AND organization_id = p_organization FOR UPDATE;
  v_key_found := FOUND;
  IF v_key_found THEN
    v_spent := CASE WHEN v_key.spend_month = v_month THEN v_key.month_spend_micros ELSE 0 END;
    v_day := CASE WHEN v_key.spend_day = v_today THEN v_key.day_spend_micros ELSE 0 END;
    v_trailing := CASE WHEN v_key.spend_day IS DISTINCT FROM v_today THEN
        floor((v_key.trailing_daily_micros * 6
            + (CASE WHEN v_key.spend_day IS NULL THEN 0 ELSE v_key.day_spend_micros END)) / 7.0
          * power(6.0 / 7.0, greatest(0, coalesce(v_today - v_key.spend_day, 1) - 1)))
      ELSE v_key.trailing_daily_micros END;
  END IF;
  FOREACH v_dep IN ARRAY p_deployments LOOP
    SELECT price_per_call_micros INTO v_price FROM deployments WHERE path = v_dep;
    IF NOT FOUND THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'unknown_deployment');
      CONTINUE;
    END IF;
    IF NOT v_key_found THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'unknown_key');
      CONTINUE;
    END IF;
    IF v_key.disabled_at IS NOT NULL THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'key_limit',
        'limit', 'disabled', 'disabled_reason', v_key.disabled_reason, 'deployment', v_dep);
      CONTINUE;
    END IF;
    IF v_key.expires_at IS NOT NULL AND v_key.expires_at <= now() THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'key_limit',
        'limit', 'expired', 'expires_at', v_key.expires_at, 'deployment', v_dep);
      CONTINUE;
    END IF;
    IF v_key.allowed_deployments IS NOT NULL AND NOT (v_dep = ANY (v_key.allowed_deployments)) THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'key_limit',
        'limit', 'deployment', 'allowed_deployments', to_jsonb(v_key.allowed_deployments),
        'deployment', v_dep);
      CONTINUE;
    END IF;
    IF v_key.monthly_cap_micros IS NOT NULL AND v_spent + v_price > v_key.monthly_cap_micros THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'cap', 'price', v_price,
        'spent', v_spent, 'cap', v_key.monthly_cap_micros);
      CONTINUE;
    END IF;
    IF v_key.created_at < now() - interval '1 day' AND v_day + v_price > p_spike_floor
       AND v_day + v_price > p_spike_factor * v_trailing THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'spend_spike',
        'price', v_price, 'day_spend', v_day, 'trailing', v_trailing);
      CONTINUE;
    END IF;
    -- The creator's monthly limit, read (and locked) once for the group, as vapi_hold reads it.
    IF v_key.created_by_uid IS NOT NULL THEN
      IF NOT v_member_checked THEN
        v_member_checked := true;
        SELECT monthly_limit_micros INTO v_limit FROM memberships
          WHERE organization_id = p_organization AND uid = v_key.created_by_uid;
        IF v_limit IS NOT NULL THEN
          SELECT monthly_limit_micros INTO v_limit FROM memberships
            WHERE organization_id = p_organization AND uid = v_key.created_by_uid FOR UPDATE;
        END IF;
        IF v_limit IS NOT NULL THEN
          SELECT (SELECT coalesce(sum(month_spend_micros), 0) FROM api_keys
                  WHERE organization_id = p_organization AND created_by_uid = v_key.created_by_uid
                    AND spend_month = v_month AND id <> p_api_key)
              + (SELECT coalesce(sum(month_spend_micros), 0) FROM deleted_key_spend
                  WHERE organization_id = p_organization AND created_by_uid = v_key.created_by_uid
                    AND spend_month = v_month)
            INTO v_member_other;
        END IF;
      END IF;
      IF v_limit IS NOT NULL AND v_spent + v_member_other + v_price > v_limit THEN
        v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'member_limit',
          'price', v_price, 'limit', v_limit, 'spent', v_spent + v_member_other);
        CONTINUE;
      END IF;
    END IF;
    IF NOT v_wallet_read THEN
      v_wallet_read := true;
      SELECT balance_micros INTO v_balance FROM organizations
        WHERE id = p_organization FOR NO KEY UPDATE;
    END IF;
    IF v_balance IS NULL OR v_balance < v_price THEN
      v_out := v_out || jsonb_build_object('outcome', 'refused', 'reason', 'insufficient',
        'price', v_price, 'balance', coalesce(v_balance, 0));
      CONTINUE;
    END IF;
    v_balance := v_balance - v_price;
    v_spent := v_spent + v_price;
    v_day := v_day + v_price;
    v_total := v_total + v_price;
    v_id := gen_random_uuid();
    v_ids := v_ids || v_id;
    v_deps := v_deps || v_dep;
    v_amounts := v_amounts || v_price;
    v_afters := v_afters || v_balance;
    v_out := v_out || jsonb_build_object('outcome', 'held', 'reservation_id', v_id,
      'amount', v_price, 'balance_after', v_balance, 'cap', v_key.monthly_cap_micros,
      'spent', v_spent);
  END LOOP;
  IF v_total > 0 OR cardinality(v_ids) > 0 THEN
    UPDATE organizations SET balance_micros = balance_micros - v_total WHERE id = p_organization;
    UPDATE api_keys SET
        month_spend_micros = v_spent, spend_month = v_month,
        trailing_daily_micros = v_trailing, day_spend_micros = v_day, spend_day = v_today,
        last_used_at = now()
      WHERE id = p_api_key;
    INSERT INTO usage_reservations
        (id, organization_id, api_key_id, deployment, amount_micros, balance_after_micros, status,
         lease_until)
      SELECT h.id, p_organization, p_api_key, h.deployment, h.amount, h.balance_after, 'held',
        v_lease_until
      FROM unnest(v_ids, v_deps, v_amounts, v_afters) AS h(id, deployment, amount, balance_after);
  END IF;
  RETURN v_out;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The Idempotency-Key part of vapi_begin (0018), alone: the record is claimed ({outcome: 'new'}),
-- or answered by itself (replay, in_progress, mismatch).
CREATE OR REPLACE FUNCTION vapi_claim(
  p_scope text, p_key text, p_hash text, p_attempt uuid, p_lease_ms integer
) RETURNS jsonb AS $$
DECLARE
  v_record idempotency_records%ROWTYPE;
  v_lease interval := make_interval(secs => p_lease_ms / 1000.0);
  v_lease_end timestamptz;
  v_tries integer := 0;
BEGIN
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
  RETURN jsonb_build_object('outcome', 'new');
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- One call (METERING_BATCH_SIZE=1), as 0018's: the claim, then vapi_hold.
CREATE OR REPLACE FUNCTION vapi_begin(
  p_scope text, p_key text, p_hash text, p_attempt uuid, p_lease_ms integer,
  p_hold boolean, p_organization uuid, p_api_key uuid, p_deployment text,
  p_spike_factor double precision, p_spike_floor bigint
) RETURNS jsonb AS $$
DECLARE
  v_claim jsonb;
  v_hold jsonb;
BEGIN
  -- This transaction only reserves (an idempotency record, a hold): it commits without waiting
  -- for its WAL to reach the disk (0018).
  PERFORM set_config('synchronous_commit', 'off', true);
  IF p_key IS NOT NULL THEN
    v_claim := vapi_claim(p_scope, p_key, p_hash, p_attempt, p_lease_ms);
    IF v_claim->>'outcome' <> 'new' THEN
      RETURN v_claim;
    END IF;
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
CREATE OR REPLACE FUNCTION vapi_begin_many(p_calls jsonb) RETURNS jsonb AS $$
DECLARE
  v_item jsonb;
  v_items jsonb[];
  v_results jsonb[];
  v_claim jsonb;
  v_n integer;
  v_i integer;
  v_group record;
  v_holds jsonb[];
  v_j integer;
  v_hold jsonb;
  v_out jsonb := '[]'::jsonb;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  SELECT array_agg(value ORDER BY ordinality) INTO v_items
    FROM jsonb_array_elements(p_calls) WITH ORDINALITY;
  v_n := coalesce(cardinality(v_items), 0);
  v_results := array_fill(NULL::jsonb, ARRAY[greatest(v_n, 1)]);
  -- 1. Each call's Idempotency-Key, in a subtransaction of its own (a malformed item fails
  --    alone). A call to be held is marked 'hold' for step 2.
  FOR v_i IN 1 .. v_n LOOP
    v_item := v_items[v_i];
    BEGIN
      PERFORM (v_item->>'attempt')::uuid, (v_item->>'lease_ms')::integer,
        (v_item->>'organization')::uuid, (v_item->>'api_key')::uuid,
        (v_item->>'spike_factor')::float8, (v_item->>'spike_floor')::bigint;
      v_claim := jsonb_build_object('outcome', 'new');
      IF v_item->>'key' IS NOT NULL THEN
        v_claim := vapi_claim(v_item->>'scope', v_item->>'key', v_item->>'hash',
          (v_item->>'attempt')::uuid, (v_item->>'lease_ms')::integer);
      END IF;
      IF v_claim->>'outcome' = 'new' AND coalesce((v_item->>'hold')::boolean, false) THEN
        v_claim := jsonb_build_object('outcome', 'hold');
      END IF;
      v_results[v_i] := v_claim;
    EXCEPTION WHEN OTHERS THEN
      v_results[v_i] := jsonb_build_object('outcome', 'error', 'sqlstate', SQLSTATE,
        'message', SQLERRM);
    END;
  END LOOP;
  -- 2. The holds, a group per key, in the order of (organization, key) as every batch takes
  --    them, each group's calls in the batch's order.
  FOR v_group IN
    SELECT (v_items[i]->>'organization')::uuid AS organization,
        (v_items[i]->>'api_key')::uuid AS api_key,
        array_agg(i ORDER BY i) AS positions,
        array_agg(v_items[i]->>'deployment' ORDER BY i) AS deployments,
        min((v_items[i]->>'lease_ms')::integer) AS lease_ms,
        min(coalesce((v_items[i]->>'spike_factor')::float8, 0)) AS spike_factor,
        min(coalesce((v_items[i]->>'spike_floor')::bigint, 0)) AS spike_floor
      FROM generate_series(1, v_n) AS i
      WHERE v_results[i]->>'outcome' = 'hold'
      GROUP BY 1, 2
      ORDER BY 1, 2
  LOOP
    v_holds := vapi_hold_group(v_group.organization, v_group.api_key, v_group.deployments,
      v_group.lease_ms, v_group.spike_factor, v_group.spike_floor);
    FOR v_j IN 1 .. cardinality(v_group.positions) LOOP
      v_i := v_group.positions[v_j];
      v_item := v_items[v_i];
      v_hold := v_holds[v_j];
      v_results[v_i] := v_hold;
      IF v_item->>'key' IS NOT NULL THEN
        IF v_hold->>'outcome' = 'held' THEN
          UPDATE idempotency_records SET reservation_id = (v_hold->>'reservation_id')::uuid
            WHERE scope = v_item->>'scope' AND key = v_item->>'key';
        ELSE
          DELETE FROM idempotency_records
            WHERE scope = v_item->>'scope' AND key = v_item->>'key'
              AND attempt = (v_item->>'attempt')::uuid;
        END IF;
      END IF;
    END LOOP;
  END LOOP;
  FOR v_i IN 1 .. v_n LOOP
    v_out := v_out || jsonb_build_array(v_results[v_i]);
  END LOOP;
  RETURN v_out;
END;
$$ LANGUAGE plpgsql;
