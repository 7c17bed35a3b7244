-- Issue 35, events: a transactional outbox. Whatever happens to an organization that its webhook
-- endpoints may subscribe to (a job succeeded or failed, the balance went low, the leak breaker
-- paused a key, a payment succeeded) is written here in the same transaction as the change itself,
-- by vapi_publish_event, so an event exists if and only if its change committed. Delivery (fan-out
-- to endpoints, signing, retries) reads from here; nothing is lost when a process dies between
-- the change and the delivery, and nothing is announced that was rolled back.
CREATE TABLE "events" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "data" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Set once the event has been fanned out into deliveries (or found to have no endpoint).
  "dispatched_at" timestamp with time zone,
  CONSTRAINT "events_type_check" CHECK ("type" IN
    ('job.succeeded', 'job.failed', 'balance.low', 'key.paused', 'payment.succeeded', 'test'))
);
--> statement-breakpoint
CREATE INDEX "events_organization_created_idx" ON "events" ("organization_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "events_undispatched_idx" ON "events" ("created_at") WHERE "dispatched_at" IS NULL;
--> statement-breakpoint
-- The event's id is `evt_` + 24 lowercase hex characters (what webhook-id carries). A NOTIFY on
-- 'vapi_events' wakes a dispatcher at commit (and only at commit: NOTIFY is transactional).
CREATE OR REPLACE FUNCTION vapi_publish_event(p_org uuid, p_type text, p_data jsonb)
RETURNS text AS $$
DECLARE
  v_id text := 'evt_' || substr(md5(gen_random_uuid()::text || clock_timestamp()::text), 1, 24);
BEGIN
  INSERT INTO events (id, organization_id, type, data) VALUES (v_id, p_org, p_type, p_data);
  PERFORM pg_notify('vapi_events', v_id);
  RETURN v_id;
END;
$$ LANGUAGE plpgsql;
