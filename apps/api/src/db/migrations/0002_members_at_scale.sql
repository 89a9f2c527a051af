-- Trigram search needs pg_trgm (a trusted extension: the database owner may create it; PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "member_counts" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_counts" ADD CONSTRAINT "member_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin (lower("first_name" || ' ' || "last_name" || chr(31) || coalesce("email", '') || chr(31) || "phone" || chr(31) || "membership_code") gin_trgm_ops);--> statement-breakpoint
INSERT INTO "member_counts" ("tenant_id", "total") SELECT "tenant_id", count(*) FROM "members" GROUP BY "tenant_id";--> statement-breakpoint
-- Statement-level triggers with transition tables: one counter update per statement and tenant, whatever
-- inserts or deletes members (the API, the demo seed, the benchmark's bulk load, a tenant's cascade delete).
CREATE FUNCTION "member_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" AS c ("tenant_id", "total")
    SELECT "tenant_id", count(*) FROM inserted GROUP BY "tenant_id"
    ON CONFLICT ("tenant_id") DO UPDATE SET "total" = c."total" + excluded."total";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_counts" AS c SET "total" = c."total" - d."n"
    FROM (SELECT "tenant_id", count(*) AS "n" FROM deleted GROUP BY "tenant_id") AS d
    WHERE c."tenant_id" = d."tenant_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_count_insert" AFTER INSERT ON "members" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "members_count_delete" AFTER DELETE ON "members" REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_delete"();
