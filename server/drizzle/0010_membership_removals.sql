CREATE TABLE "membership_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"organization_name" text NOT NULL,
	"removed_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_removals" ADD CONSTRAINT "membership_removals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_removals_uid_idx" ON "membership_removals" USING btree ("uid","created_at");