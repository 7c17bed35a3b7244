CREATE TABLE "invoice_counters" (
	"scope" text PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" integer NOT NULL,
	"number" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"amount_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"payment_reference" text
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "monthly_cap_micros" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "month_spend_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spend_month" date;--> statement-breakpoint
ALTER TABLE "credit_orders" ADD COLUMN "kind" text DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_threshold_micros" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_amount_micros" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_failure" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_method_provider" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "payment_method_label" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "low_balance_threshold_micros" bigint;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "low_balance_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_sequence_key" ON "invoices" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "invoices_organization_idx" ON "invoices" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_orders_one_open_auto_recharge_key" ON "credit_orders" USING btree ("organization_id") WHERE kind = 'auto_recharge' and status in ('requires_payment', 'processing');--> statement-breakpoint
-- An issued invoice never changes: refuse UPDATE and DELETE.
CREATE OR REPLACE FUNCTION invoices_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'invoices are immutable once issued';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER invoices_no_update_delete
  BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoices_immutable();
