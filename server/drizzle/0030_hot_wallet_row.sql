-- Issue 30: the wallet's row is the hottest in the database (every hold and every release
-- updates organizations.balance_micros), and every metered call inserted two rows whose foreign
-- key pointed at it: its usage_reservations row and its ledger_entries row. A foreign key's check
-- takes FOR KEY SHARE on the referenced row; on a row that another transaction (or a sibling
-- subtransaction of a batch) is updating, that lock turns the row version's xmax into a
-- MultiXact, and every later read of the row walks those versions through
-- GetMultiXactIdMembers. Measured with perf during bench:gateway (PostgreSQL 15, about 1,100
-- metered calls/s): GetMultiXactIdMembers was 27 % of PostgreSQL's CPU.
--
-- Both keys go. What they guarded still holds, by construction and by this trigger:
--   - an organization is never deleted (no code path deletes one; now the database refuses it),
--     so no row can lose its organization;
--   - a hold's row is inserted by vapi_hold right after its conditional UPDATE of that
--     organization's balance succeeded, in the same transaction; a usage ledger row copies its
--     hold's organization; purchases, refunds and disputes insert theirs from a payment of the
--     organization, read in their transaction.
-- The other tables keep their keys to organizations (their inserts are rare: purchases, keys,
-- rollup buckets, audit entries).
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_organization_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "usage_reservations" DROP CONSTRAINT "usage_reservations_organization_id_organizations_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_never_deleted() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'organizations are never deleted (their ledger and holds refer to them)'
    USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organizations_no_delete
  BEFORE DELETE ON organizations FOR EACH ROW
  EXECUTE FUNCTION organizations_never_deleted();
--> statement-breakpoint
CREATE TRIGGER organizations_no_truncate
  BEFORE TRUNCATE ON organizations FOR EACH STATEMENT
  EXECUTE FUNCTION organizations_never_deleted();
