-- Writes: every purchase, redemption or adjustment moved its tenant's one list-version row at
-- commit (migration 0014). Under 50 concurrent writes to one tenant that row is where they queued: each
-- commit waited for the previous one's lock and walked the row's chain of dead versions, and PostgreSQL spent
-- 1.7 ms of CPU per purchase against 1.0 ms without the bump (pgbench, the purchase's statements, README
-- Capacity). The bump now goes to one of 16 rows of the tenant, picked at random, so concurrent writes rarely
-- meet. The version readers compare is member_counts.list_version plus the sum of the tenant's shards: it
-- still moves in the same transaction as the data it covers, and only ever up, so any committed change moves it.
CREATE TABLE "list_version_shards" (
  "tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "shard" smallint NOT NULL CHECK ("shard" BETWEEN 0 AND 15),
  "version" bigint NOT NULL DEFAULT 0,
  PRIMARY KEY ("tenant_id", "shard")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_counts_bump_at_commit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant text := CASE WHEN TG_OP = 'DELETE' THEN OLD."tenant_id" ELSE NEW."tenant_id" END;
  done text := coalesce(current_setting('loyalty.versions_moved', true), '');
BEGIN
  IF position(('|' || tenant || '|') IN done) > 0 THEN RETURN NULL; END IF;
  PERFORM set_config('loyalty.versions_moved', done || '|' || tenant || '|', true);
  INSERT INTO "list_version_shards" AS s ("tenant_id", "shard", "version")
    VALUES (tenant, floor(random() * 16)::smallint, 1)
    ON CONFLICT ("tenant_id", "shard") DO UPDATE SET "version" = s."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Every insert into the ledger and the lots also took a KEY SHARE lock on the tenant's row for its foreign
-- key: with many writers at once PostgreSQL turns such shared locks into multixacts, which cost 0.25 ms of
-- CPU per purchase. Those rows already belong to a member (member_id's foreign key, ON DELETE CASCADE), and the
-- member to the tenant, so deleting a tenant still removes them; the tenant_id they carry is the member's,
-- written by the same code that locks the member.
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_tenant_id_tenants_id_fk";--> statement-breakpoint
ALTER TABLE "points_lots" DROP CONSTRAINT "points_lots_tenant_id_tenants_id_fk";
