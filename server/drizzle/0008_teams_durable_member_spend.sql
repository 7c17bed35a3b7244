CREATE TABLE "deleted_key_spend" (
	"api_key_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by_uid" text NOT NULL,
	"spend_month" date NOT NULL,
	"month_spend_micros" bigint NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_keys" ADD COLUMN "secret_holder_uid" text;--> statement-breakpoint
ALTER TABLE "deleted_key_spend" ADD CONSTRAINT "deleted_key_spend_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_key_spend_member_idx" ON "deleted_key_spend" USING btree ("organization_id","created_by_uid","spend_month");--> statement-breakpoint
-- Admin keys made before this migration: their secret was shown to their creator.
UPDATE "admin_keys" SET "secret_holder_uid" = "created_by_uid" WHERE "secret_holder_uid" IS NULL;
