-- Issue 30: the services host remembers the keys it has read (a look-up per call was about 0.3
-- ms of CPU between the process and PostgreSQL), and forgets them at every NOTIFY on
-- `vapi_keys`, sent here at the commit of any change that a call's checks read:
--   - a key inserted or deleted, or an update that sets any of its columns except those every
--     call or refusal writes (its spend this month, today and on average, its last use, its
--     refusal counters);
--   - an update of an organization that sets any column but its balance (decided under lock by
--     every hold), or one deleted;
--   - a deployment's price or path.
-- The triggers name their columns (UPDATE OF: no cost for the per-call updates, which set none
-- of them); tests/server/key-cache.test.ts fails when a table gains a column that is in neither
-- list, so a new column is classified when it is added. pg_notify folds identical notifications
-- of one transaction into one.
CREATE OR REPLACE FUNCTION vapi_notify_key_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('vapi_keys', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_change
  AFTER UPDATE OF id, organization_id, name, used_for_ui, is_default, created_at, secret_hash,
    prefix, last4, secret_encrypted, previous_secret_hash, previous_secret_expires_at,
    monthly_cap_micros, created_by_uid, mode, allowed_deployments, allowed_origins, expires_at,
    disabled_at, disabled_reason
  ON api_keys FOR EACH STATEMENT
  EXECUTE FUNCTION vapi_notify_key_change();
--> statement-breakpoint
CREATE TRIGGER api_keys_notify_insert_delete
  AFTER INSERT OR DELETE OR TRUNCATE ON api_keys FOR EACH STATEMENT
  EXECUTE FUNCTION vapi_notify_key_change();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_change
  AFTER UPDATE OF id, owner_uid, owner_email, name, website, country, state, gstin, address,
    email_verified, created_at, auto_recharge_enabled, auto_recharge_threshold_micros,
    auto_recharge_amount_micros, auto_recharge_failure, auto_recharge_failed_at,
    payment_method_provider, payment_method_id, payment_method_label, stripe_customer_id,
    low_balance_threshold_micros, low_balance_alerted_at, auto_recharge_daily_max_count,
    auto_recharge_daily_max_micros
  ON organizations FOR EACH STATEMENT
  EXECUTE FUNCTION vapi_notify_key_change();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_delete
  AFTER DELETE OR TRUNCATE ON organizations FOR EACH STATEMENT
  EXECUTE FUNCTION vapi_notify_key_change();
--> statement-breakpoint
CREATE TRIGGER deployments_notify_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON deployments FOR EACH STATEMENT
  EXECUTE FUNCTION vapi_notify_key_change();

--> statement-breakpoint
-- The hold (0009's, plus the key's own limits): the services host remembers keys, and a change
-- reaches it by the notification above, a few milliseconds after its commit. So that no call is
-- charged on a key paused, expired or restricted to other deployments by then, the hold reads
-- them too, under the key's row lock, and refuses ('key_limit', with the current values). The
-- browser origins a key accepts are checked by the services host only (the hold does not see
-- the call's Origin); a narrowed list applies once the notification has arrived.
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
  -- The key's own limits, as they are now (the services host checked the ones it remembered).
  IF v_key.disabled_at IS NOT NULL THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'key_limit', 'limit', 'disabled',
      'disabled_reason', v_key.disabled_reason, 'deployment', p_deployment);
  END IF;
  IF v_key.expires_at IS NOT NULL AND v_key.expires_at <= now() THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'key_limit', 'limit', 'expired',
      'expires_at', v_key.expires_at, 'deployment', p_deployment);
  END IF;
  IF v_key.allowed_deployments IS NOT NULL AND NOT (p_deployment = ANY (v_key.allowed_deployments)) THEN
    RETURN jsonb_build_object('outcome', 'refused', 'reason', 'key_limit', 'limit', 'deployment',
      'allowed_deployments', to_jsonb(v_key.allowed_deployments), 'deployment', p_deployment);
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
    'balance_after', v_balance, 'cap', v_key.monthly_cap_micros, 'spent', v_spent + v_price);
END;
$$ LANGUAGE plpgsql;
