-- Issue 35, events read back and streamed: GET /v1/events pages by (created_at, id) within an
-- organization (events_organization_created_idx, 0020); the event stream's hub and the retention
-- sweep read every organization's events by time, which this index serves. Events are kept 30
-- days (EVENT_RETENTION_DAYS): the sweep deletes older ones in batches, by the database's clock,
-- and their webhook deliveries and attempts with them (ON DELETE CASCADE, 0022).
CREATE INDEX "events_created_idx" ON "events" ("created_at", "id");
