-- Writes: the list version of a tenant (migration 0004) moved inside each write's statement, so the
-- tenant's member_counts row stayed locked from a purchase's first UPDATE until its COMMIT, round trips
-- included, and the purchases of one tenant ran one after the other. Now changes to members and points lots
-- move the version at commit: a deferred constraint trigger, once per transaction and tenant (a transaction-
-- local setting remembers which tenants it already moved). The row is then locked for the commit alone.
-- Readers see the same thing as before: the version moves in the same transaction as the data it covers.
-- Inserts and deletes of members keep their statement triggers: they count the total, and are rare.
CREATE FUNCTION "member_counts_bump_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant text := CASE WHEN TG_OP = 'DELETE' THEN OLD."tenant_id" ELSE NEW."tenant_id" END;
  done text := coalesce(current_setting('loyalty.versions_moved', true), '');
BEGIN
  IF position(('|' || tenant || '|') IN done) > 0 THEN RETURN NULL; END IF;
  PERFORM set_config('loyalty.versions_moved', done || '|' || tenant || '|', true);
  UPDATE "member_counts" AS c SET "list_version" = c."list_version" + 1 WHERE c."tenant_id" = tenant;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "members_list_version_update" ON "members";--> statement-breakpoint
DROP TRIGGER "points_lots_list_version_insert" ON "points_lots";--> statement-breakpoint
DROP TRIGGER "points_lots_list_version_update" ON "points_lots";--> statement-breakpoint
DROP TRIGGER "points_lots_list_version_delete" ON "points_lots";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "members_list_version_at_commit" AFTER UPDATE ON "members"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "member_counts_bump_at_commit"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "points_lots_list_version_at_commit" AFTER INSERT OR UPDATE OR DELETE ON "points_lots"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "member_counts_bump_at_commit"();
