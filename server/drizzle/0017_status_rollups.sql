CREATE TABLE "status_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"component" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"cause" text
);
--> statement-breakpoint
CREATE TABLE "status_rollups" (
	"component" text NOT NULL,
	"width" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"calls" bigint NOT NULL,
	"failures" bigint NOT NULL,
	"latency_ms" bigint[] NOT NULL,
	CONSTRAINT "status_rollups_component_width_bucket_pk" PRIMARY KEY("component","width","bucket")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "status_incidents_open_idx" ON "status_incidents" USING btree ("component") WHERE "status_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "status_incidents_started_idx" ON "status_incidents" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "status_rollups_bucket_idx" ON "status_rollups" USING btree ("width","bucket");