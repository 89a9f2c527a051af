ALTER TABLE "member_counts" ADD COLUMN "order_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Adding or removing members moves positions in the list, so it also moves the order version that the
-- members list's page anchors are kept by (modules/members/page-anchors.ts).
CREATE OR REPLACE FUNCTION "member_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_counts" AS c ("tenant_id", "total", "list_version", "order_version")
    SELECT "tenant_id", count(*), 1, 1 FROM inserted GROUP BY "tenant_id"
    ON CONFLICT ("tenant_id") DO UPDATE SET "total" = c."total" + excluded."total",
      "list_version" = c."list_version" + 1, "order_version" = c."order_version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "member_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "member_counts" AS c SET "total" = c."total" - d."n", "list_version" = c."list_version" + 1,
      "order_version" = c."order_version" + 1
    FROM (SELECT "tenant_id", count(*) AS "n" FROM deleted GROUP BY "tenant_id") AS d
    WHERE c."tenant_id" = d."tenant_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Points lots decide the balances the members list shows; the engine changes them with the member row,
-- but a change made to them alone (an operator, a script) must move the list version too.
CREATE TRIGGER "points_lots_list_version_insert" AFTER INSERT ON "points_lots" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "points_lots_list_version_update" AFTER UPDATE ON "points_lots" REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "points_lots_list_version_delete" AFTER DELETE ON "points_lots" REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION "member_counts_on_update"();
