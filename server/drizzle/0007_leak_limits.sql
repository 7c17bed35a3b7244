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
ALTER TABLE "organizations" ADD COLUMN "auto_recharge_daily_max_micros" bigint;