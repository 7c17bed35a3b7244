-- Issue 35, webhooks: an organization's endpoints, one delivery per (event, endpoint) and every
-- attempt of it. The events outbox (0020) is fanned out into deliveries exactly once (unique
-- (event_id, endpoint_id)); a delivery is claimed by setting status 'delivering' with a lease, so
-- several processes deliver without doubling an attempt, and a dead process's claim lapses.
CREATE TABLE "webhook_endpoints" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "events" text[] NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  -- Why it is disabled: 'manual' (a member) or 'failing' (the retry schedule ran out).
  "disabled_reason" text,
  "disabled_at" timestamp with time zone,
  -- The signing secret (whsec_…), AES-256-GCM encrypted with the server's key: it must be read
  -- to sign. After a rotation the previous one also signs until previous_secret_expires_at.
  "secret_encrypted" text NOT NULL,
  "previous_secret_encrypted" text,
  "previous_secret_expires_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "webhook_endpoints_url_length" CHECK (char_length("url") BETWEEN 1 AND 2048),
  CONSTRAINT "webhook_endpoints_description_length" CHECK (char_length("description") <= 256),
  CONSTRAINT "webhook_endpoints_events_check" CHECK (
    cardinality("events") BETWEEN 1 AND 5 AND
    "events" <@ ARRAY['job.succeeded', 'job.failed', 'balance.low', 'key.paused', 'payment.succeeded']::text[]),
  CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK (
    "disabled_reason" IS NULL OR "disabled_reason" IN ('manual', 'failing'))
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_organization_idx" ON "webhook_endpoints" ("organization_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" text PRIMARY KEY NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "endpoint_id" text NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_id" text NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
  "event_type" text NOT NULL,
  -- pending (an attempt is due at next_attempt_at), delivering (claimed until locked_until),
  -- succeeded, failed (the schedule ran out).
  "status" text DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "first_attempt_at" timestamp with time zone,
  "next_attempt_at" timestamp with time zone,
  "locked_until" timestamp with time zone,
  "last_status_code" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "webhook_deliveries_event_endpoint" UNIQUE ("event_id", "endpoint_id"),
  CONSTRAINT "webhook_deliveries_status_check" CHECK (
    "status" IN ('pending', 'delivering', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at") WHERE "status" IN ('pending', 'delivering');
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" ("created_at");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "delivery_id" text NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE,
  "at" timestamp with time zone NOT NULL,
  -- scheduled (the retry schedule), replay (a member asked), test (Send test event).
  "trigger" text NOT NULL,
  "status_code" integer,
  "error" text,
  "duration_ms" integer NOT NULL,
  -- At most 1 KB of the answer, control characters removed.
  "response_excerpt" text DEFAULT '' NOT NULL,
  CONSTRAINT "webhook_attempts_trigger_check" CHECK ("trigger" IN ('scheduled', 'replay', 'test'))
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" ("delivery_id", "at" DESC, "id" DESC);
