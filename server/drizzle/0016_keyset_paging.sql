-- Lists page by keyset (time, id), newest first (issue 34): the (organization, time) indexes gain
-- the id, so a page after a cursor is one index range, whatever the depth.
DROP INDEX "audit_log_organization_at_idx";--> statement-breakpoint
DROP INDEX "ledger_entries_org_created_idx";--> statement-breakpoint
CREATE INDEX "audit_log_organization_at_idx" ON "audit_log" USING btree ("organization_id","at","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_org_created_idx" ON "ledger_entries" USING btree ("organization_id","created_at","id");