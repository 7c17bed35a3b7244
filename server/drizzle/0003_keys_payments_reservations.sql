CREATE TABLE "idempotency_records" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"state" text NOT NULL,
	"status_code" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"api_key_id" uuid NOT NULL,
	"deployment" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"balance_after_micros" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "api_keys_secret_key";--> statement-breakpoint
DROP INDEX "payments_succeeded_provider_payment_key";--> statement-breakpoint
DROP INDEX "credit_orders_organization_idx";--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "secret_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "prefix" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_orders" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 minutes' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_orders" ADD COLUMN "sandbox_outcome" text;--> statement-breakpoint
ALTER TABLE "credit_orders" ADD COLUMN "fulfil_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "reservation_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_reservations" ADD CONSTRAINT "usage_reservations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_records_created_idx" ON "idempotency_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "usage_reservations_held_idx" ON "usage_reservations" USING btree ("created_at") WHERE status = 'held';--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_secret_hash_key" ON "api_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_previous_secret_hash_key" ON "api_keys" USING btree ("previous_secret_hash") WHERE previous_secret_hash is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reservation_key" ON "ledger_entries" USING btree ("reservation_id") WHERE reservation_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_settled_provider_payment_key" ON "payments" USING btree ("provider_payment_id") WHERE status <> 'failed';--> statement-breakpoint
-- Repeated failed confirmations used to add a row each: keep one per payment (they moved no money).
DELETE FROM "payments" p USING "payments" q WHERE p.status = 'failed' AND q.status = 'failed' AND p.provider_payment_id = q.provider_payment_id AND p.id > q.id;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_failed_provider_payment_key" ON "payments" USING btree ("provider_payment_id") WHERE status = 'failed';--> statement-breakpoint
CREATE INDEX "credit_orders_organization_idx" ON "credit_orders" USING btree ("organization_id","status");--> statement-breakpoint
ALTER TABLE "api_keys" DROP COLUMN "secret";