CREATE TABLE "admin_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"secret_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_by_uid" text,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"action" text NOT NULL,
	"target" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_uid" text,
	"invited_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_uid" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"organization_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"email" text,
	"role" text NOT NULL,
	"monthly_limit_micros" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp with time zone,
	CONSTRAINT "memberships_organization_id_uid_pk" PRIMARY KEY("organization_id","uid")
);
--> statement-breakpoint
CREATE TABLE "user_preferences" (
	"uid" text PRIMARY KEY NOT NULL,
	"selected_organization_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "organizations_owner_uid_key";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by_uid" text;--> statement-breakpoint
ALTER TABLE "admin_keys" ADD CONSTRAINT "admin_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD CONSTRAINT "user_preferences_selected_organization_id_organizations_id_fk" FOREIGN KEY ("selected_organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_keys_secret_hash_key" ON "admin_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "admin_keys_organization_idx" ON "admin_keys" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "audit_log_organization_at_idx" ON "audit_log" USING btree ("organization_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_organization_action_idx" ON "audit_log" USING btree ("organization_id","action");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_one_open_per_email_key" ON "invitations" USING btree ("organization_id","email") WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX "invitations_organization_idx" ON "invitations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_one_owner_key" ON "memberships" USING btree ("organization_id") WHERE role = 'owner';--> statement-breakpoint
CREATE INDEX "memberships_uid_idx" ON "memberships" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "organizations_owner_uid_idx" ON "organizations" USING btree ("owner_uid");--> statement-breakpoint
-- Every existing organization becomes a team with its owner as the only member; its keys count
-- as the owner's. Nothing else moves.
INSERT INTO "memberships" ("organization_id", "uid", "email", "role", "created_at")
  SELECT "id", "owner_uid", "owner_email", 'owner', "created_at" FROM "organizations"
  ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "api_keys" SET "created_by_uid" = o."owner_uid"
  FROM "organizations" o WHERE o."id" = "api_keys"."organization_id" AND "api_keys"."created_by_uid" IS NULL;--> statement-breakpoint
-- An organization never ends a transaction without its one owner (the unique index above allows
-- at most one; this refuses none): checked at commit, so a transfer may demote then promote.
CREATE OR REPLACE FUNCTION memberships_keep_owner() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "memberships" WHERE "organization_id" = OLD."organization_id" AND "role" = 'owner')
     AND EXISTS (SELECT 1 FROM "organizations" WHERE "id" = OLD."organization_id") THEN
    RAISE EXCEPTION 'organization % would be left without an owner', OLD."organization_id"
      USING ERRCODE = 'check_violation', CONSTRAINT = 'memberships_owner_required';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "memberships_owner_required"
  AFTER UPDATE OR DELETE ON "memberships" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION memberships_keep_owner();--> statement-breakpoint
-- The audit log is append-only: refuse UPDATE and DELETE on its rows.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete"
  BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate"
  BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
