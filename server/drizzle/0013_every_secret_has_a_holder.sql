CREATE TABLE "api_key_secret_views" (
	"api_key_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"uid" text NOT NULL,
	"shown_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_key_secret_views_api_key_id_uid_pk" PRIMARY KEY("api_key_id","uid")
);
--> statement-breakpoint
ALTER TABLE "api_key_secret_views" ADD CONSTRAINT "api_key_secret_views_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_key_secret_views" ADD CONSTRAINT "api_key_secret_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_key_secret_views_member_idx" ON "api_key_secret_views" USING btree ("organization_id","uid");--> statement-breakpoint
-- Every key has a holder whose monthly limit binds its spend: a key made or left without one
-- (by code that did not name one) goes to the organization's owner. The hold (vapi_hold) is
-- unchanged: it binds created_by_uid, which is now never null in an organization with an owner.
UPDATE "api_keys" SET "created_by_uid" = o."owner_uid"
  FROM "organizations" o WHERE o."id" = "api_keys"."organization_id" AND "api_keys"."created_by_uid" IS NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION api_keys_default_holder() RETURNS trigger AS $$
BEGIN
  IF NEW."created_by_uid" IS NULL THEN
    SELECT "owner_uid" INTO NEW."created_by_uid" FROM "organizations" WHERE "id" = NEW."organization_id";
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "api_keys_holder_required"
  BEFORE INSERT OR UPDATE OF "created_by_uid" ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION api_keys_default_holder();--> statement-breakpoint
-- Before this migration nobody recorded who read a secret: its holder was shown it, and every
-- owner and admin could read the in-browser and test keys' secrets again.
INSERT INTO "api_key_secret_views" ("api_key_id", "organization_id", "uid")
  SELECT k."id", k."organization_id", k."created_by_uid" FROM "api_keys" k
  WHERE k."created_by_uid" IS NOT NULL
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "api_key_secret_views" ("api_key_id", "organization_id", "uid")
  SELECT k."id", k."organization_id", m."uid" FROM "api_keys" k
    JOIN "memberships" m ON m."organization_id" = k."organization_id" AND m."role" IN ('owner', 'admin')
  WHERE k."secret_encrypted" IS NOT NULL AND (k."used_for_ui" OR k."mode" = 'test')
  ON CONFLICT DO NOTHING;
