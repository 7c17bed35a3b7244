CREATE TABLE "test_usage" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"api_key_id" uuid NOT NULL,
	"api_key_name" text NOT NULL,
	"deployment" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "test_usage_organization_id_day_api_key_id_deployment_pk" PRIMARY KEY("organization_id","day","api_key_id","deployment")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_deployments" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "allowed_origins" text[];--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "day_spend_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "spend_day" date;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "trailing_daily_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "refused_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last_refused_reason" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_daily_max_count" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_daily_max_micros" bigint;--> statement-breakpoint
ALTER TABLE "test_usage" ADD CONSTRAINT "test_usage_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;