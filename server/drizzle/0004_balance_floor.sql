-- The wallet's floor, enforced by the database even against a bug in application code: a balance
-- may not drop below zero, except by a compensating entry (a refund or a dispute after the credits
-- were spent), which the application marks with `SET LOCAL vapi.allow_negative_balance = 'on'` in
-- its transaction. A negative balance may still rise (a top-up).
CREATE OR REPLACE FUNCTION organizations_balance_floor() RETURNS trigger AS $$
BEGIN
  IF NEW.balance_micros < 0
     AND NEW.balance_micros < OLD.balance_micros
     AND coalesce(current_setting('vapi.allow_negative_balance', true), '') <> 'on' THEN
    RAISE EXCEPTION 'balance of organization % would fall below zero (% micro-dollars)', NEW.id, NEW.balance_micros
      USING ERRCODE = 'check_violation', CONSTRAINT = 'organizations_balance_floor';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organizations_balance_floor
  BEFORE UPDATE OF balance_micros ON organizations
  FOR EACH ROW EXECUTE FUNCTION organizations_balance_floor();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_balance_floor_insert() RETURNS trigger AS $$
BEGIN
  IF NEW.balance_micros < 0 THEN
    RAISE EXCEPTION 'a new organization cannot start with a negative balance'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'organizations_balance_floor';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organizations_balance_floor_insert
  BEFORE INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION organizations_balance_floor_insert();
