ALTER TABLE "member_counts" ADD COLUMN "list_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every tenant has its row from the start, so a list's freshness check always finds one.
INSERT INTO "member_counts" ("tenant_id") SELECT "id" FROM "tenants" ON CONFLICT ("tenant_id") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "member_counts_for_new_tenant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" ("tenant_id") VALUES (NEW."id") ON CONFLICT ("tenant_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tenants_member_counts" AFTER INSERT ON "tenants"
  FOR EACH ROW EXECUTE FUNCTION "member_counts_for_new_tenant"();--> statement-breakpoint
-- The counters of migration 0002 now also move the list version.
CREATE OR REPLACE FUNCTION "member_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" AS c ("tenant_id", "total", "list_version")
    SELECT "tenant_id", count(*), 1 FROM inserted GROUP BY "tenant_id"
    ON CONFLICT ("tenant_id") DO UPDATE SET "total" = c."total" + excluded."total", "list_version" = c."list_version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_counts" AS c SET "total" = c."total" - d."n", "list_version" = c."list_version" + 1
    FROM (SELECT "tenant_id", count(*) AS "n" FROM deleted GROUP BY "tenant_id") AS d
    WHERE c."tenant_id" = d."tenant_id";
  RETURN NULL;
END $$;--> statement-breakpoint
-- Any member update (name, tier, status, balance): one version step per statement and tenant.
CREATE FUNCTION "member_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_counts" AS c SET "list_version" = c."list_version" + 1
    WHERE c."tenant_id" IN (SELECT DISTINCT "tenant_id" FROM changed);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_list_version_update" AFTER UPDATE ON "members" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_update"();--> statement-breakpoint
-- Tiers: their names show on the members list and they make up the tiers list. Few rows: row triggers.
CREATE FUNCTION "member_counts_on_tier_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant text := CASE WHEN TG_OP = 'DELETE' THEN OLD."tenant_id" ELSE NEW."tenant_id" END;
BEGIN
  UPDATE "member_counts" AS c SET "list_version" = c."list_version" + 1 WHERE c."tenant_id" = tenant;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "membership_tiers_list_version" AFTER INSERT OR UPDATE OR DELETE ON "membership_tiers"
  FOR EACH ROW EXECUTE FUNCTION "member_counts_on_tier_change"();
