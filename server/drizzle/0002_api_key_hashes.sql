ALTER TABLE "api_keys" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "prefix" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_secret_hash" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;