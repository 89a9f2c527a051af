-- Stamps counted everywhere (docs/design.md §10): the one definition of a visit, the stamp ledger in the insights
-- roll-up (incrementally by a trigger, and in insights_rebuild, so a rebuild equals what the writes counted), and
-- stamp entries kept through a member's erasure like the points ledger's (the figures keep them, not the person).
ALTER TABLE "stamp_ledger" DROP CONSTRAINT "stamp_ledger_member_id_members_id_fk";--> statement-breakpoint
-- Whether a branch is in use (409 BRANCH_IN_USE) asks the stamp ledger too, as it asks the points ledger.
CREATE INDEX "stamp_ledger_branch_idx" ON "stamp_ledger" USING btree ("tenant_id","branch_id") WHERE "stamp_ledger"."branch_id" is not null;--> statement-breakpoint
-- A visit (docs/design.md §10 "The points core"): a purchase, a redemption (of points or of a reward: a reward
-- redeemed for points is a REDEEM entry) or a stamp entry that adds stamps at the counter or with a purchase, not
-- reversed. Which entries of each ledger are visits, in one place: the insights triggers ask it of each row they
-- count, visits() below of the rows it reads. Inlined by the planner, so an index on the type still serves.
CREATE FUNCTION "visit_entry"(p_ledger text, p_type text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_ledger WHEN 'points' THEN p_type IN ('PURCHASE', 'REDEEM')
    WHEN 'stamps' THEN p_type IN ('ADD', 'PURCHASE') ELSE false END $$;--> statement-breakpoint
-- A business's visits, one row per visit entry not reversed (`member_id`, `at`, `branch_id`): what win-back,
-- segments and the insights' rebuild read (modules/points/visits.ts). A single SELECT, so the planner inlines it
-- and the caller's conditions reach the ledgers' indexes.
CREATE FUNCTION "visits"(p_tenant text) RETURNS TABLE ("member_id" text, "at" timestamptz, "branch_id" text)
LANGUAGE sql STABLE AS $$
  SELECT l."member_id", l."created_at", l."branch_id" FROM "points_ledger" l
    WHERE l."tenant_id" = p_tenant AND "visit_entry"('points', l."type")
      AND NOT EXISTS (SELECT 1 FROM "points_ledger" r WHERE r."tenant_id" = p_tenant AND r."reverses_id" = l."id")
  UNION ALL
  SELECT s."member_id", s."created_at", s."branch_id" FROM "stamp_ledger" s
    WHERE s."tenant_id" = p_tenant AND "visit_entry"('stamps', s."type")
      AND NOT EXISTS (SELECT 1 FROM "stamp_ledger" r WHERE r."tenant_id" = p_tenant AND r."reverses_id" = s."id") $$;--> statement-breakpoint
-- The ledger's entries as 0066 counts them, with its visits asked of visit_entry.
CREATE OR REPLACE FUNCTION "insights_ledger_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(660066, hashtext(x."tenant_id"))
    FROM (SELECT DISTINCT "tenant_id" FROM inserted ORDER BY 1) x;
  INSERT INTO "insights_daily" AS d ("tenant_id", "branch_id", "day", "shard", "purchases", "amount", "points_issued",
    "points_redeemed", "points_expired", "points_taken_back")
    SELECT e."tenant_id", e."branch_id", e."day", (txid_current() % 16)::smallint,
      count(*) FILTER (WHERE e."type" = 'PURCHASE'),
      coalesce(sum(e."amount") FILTER (WHERE e."type" = 'PURCHASE'), 0),
      coalesce(sum(e."points") FILTER (WHERE e."points" > 0 AND e."type" IN ('PURCHASE', 'BONUS', 'ADJUST', 'IMPORT')), 0),
      coalesce(-sum(e."points") FILTER (WHERE e."type" = 'REDEEM'), 0),
      coalesce(-sum(e."points") FILTER (WHERE e."type" = 'EXPIRE'), 0),
      coalesce(-sum(e."points") FILTER (WHERE e."type" IN ('REVERSAL', 'REFUND')
        OR (e."points" < 0 AND e."type" IN ('ADJUST', 'IMPORT'))), 0)
    FROM (SELECT i."tenant_id", i."branch_id", i."type", i."points", i."amount",
            (i."created_at" AT TIME ZONE coalesce(t."time_zone", 'UTC'))::date AS "day"
          FROM inserted i LEFT JOIN "tenants" t ON t."id" = i."tenant_id") e
    GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
    ON CONFLICT ("tenant_id", "day", "branch_id", "shard") DO UPDATE SET
      "purchases" = d."purchases" + excluded."purchases",
      "amount" = d."amount" + excluded."amount",
      "points_issued" = d."points_issued" + excluded."points_issued",
      "points_redeemed" = d."points_redeemed" + excluded."points_redeemed",
      "points_expired" = d."points_expired" + excluded."points_expired",
      "points_taken_back" = d."points_taken_back" + excluded."points_taken_back";
  FOR rec IN
    SELECT x."tenant_id", x."member_id", (x."at" AT TIME ZONE coalesce(t."time_zone", 'UTC'))::date AS "day",
      x."branch_id", sum(x."delta")::int AS "delta"
    FROM (
      SELECT i."tenant_id", i."member_id", i."created_at" AS "at", i."branch_id", 1 AS "delta"
        FROM inserted i WHERE "visit_entry"('points', i."type")
      UNION ALL
      SELECT r."tenant_id", r."member_id", r."created_at", r."branch_id", -1
        FROM inserted i JOIN "points_ledger" r ON r."id" = i."reverses_id"
        WHERE i."type" = 'REVERSAL' AND "visit_entry"('points', r."type")
    ) x LEFT JOIN "tenants" t ON t."id" = x."tenant_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  LOOP
    PERFORM "insights_visit"(rec."tenant_id", rec."member_id", rec."day", rec."branch_id", rec."delta");
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The stamp ledger's entries, one statement at a time (an import's batch is one statement), through
-- insights_record: stamps added are those of the entries that add (at the counter, with a purchase, imported) and
-- cards completed the cards they filled; a reversal takes both back, and the visit, on the day and at the branch
-- of the entry it undoes, so a day's figures are those of its entries not reversed (what insights_rebuild reads).
-- Adjustments, refunds and lapses take stamps off a card: they are no stamps added and no visit.
CREATE FUNCTION "insights_stamp_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rec record;
BEGIN
  FOR rec IN
    SELECT x."tenant_id", x."branch_id", (x."at" AT TIME ZONE coalesce(t."time_zone", 'UTC'))::date AS "day",
      min(x."at") AS "at", sum(x."stamps")::int AS "stamps", sum(x."cards")::int AS "cards"
    FROM (
      SELECT i."tenant_id", i."branch_id", i."created_at" AS "at", i."stamps", i."completed" AS "cards"
        FROM inserted i WHERE i."type" IN ('ADD', 'PURCHASE', 'IMPORT') AND i."stamps" > 0
      UNION ALL
      SELECT r."tenant_id", r."branch_id", r."created_at", -r."stamps", -r."completed"
        FROM inserted i JOIN "stamp_ledger" r ON r."id" = i."reverses_id"
        WHERE i."type" = 'REVERSAL' AND r."type" IN ('ADD', 'PURCHASE', 'IMPORT') AND r."stamps" > 0
    ) x LEFT JOIN "tenants" t ON t."id" = x."tenant_id"
    GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
  LOOP
    PERFORM "insights_record"(rec."tenant_id", rec."branch_id", rec."at", 0, 0, rec."stamps", rec."cards", NULL, 0);
  END LOOP;
  FOR rec IN
    SELECT x."tenant_id", x."member_id", (x."at" AT TIME ZONE coalesce(t."time_zone", 'UTC'))::date AS "day",
      x."branch_id", min(x."at") AS "at", sum(x."delta")::int AS "delta"
    FROM (
      SELECT i."tenant_id", i."member_id", i."created_at" AS "at", i."branch_id", 1 AS "delta"
        FROM inserted i WHERE "visit_entry"('stamps', i."type")
      UNION ALL
      SELECT r."tenant_id", r."member_id", r."created_at", r."branch_id", -1
        FROM inserted i JOIN "stamp_ledger" r ON r."id" = i."reverses_id"
        WHERE i."type" = 'REVERSAL' AND "visit_entry"('stamps', r."type")
    ) x LEFT JOIN "tenants" t ON t."id" = x."tenant_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  LOOP
    PERFORM "insights_record"(rec."tenant_id", rec."branch_id", rec."at", 0, 0, 0, 0, rec."member_id", rec."delta");
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "stamp_ledger_insights" AFTER INSERT ON "stamp_ledger" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "insights_stamp_rows"();--> statement-breakpoint
-- The rebuild of 0066 with the stamp ledger's figures, and the visits read from visits(): the same rows the
-- triggers count, so a rebuild in the same time zone gives back what the writes counted.
CREATE OR REPLACE FUNCTION "insights_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT "time_zone" FROM "tenants" WHERE "id" = p_tenant), 'UTC');
BEGIN
  PERFORM pg_advisory_xact_lock(660066, hashtext(p_tenant));
  DELETE FROM "insights_daily" WHERE "tenant_id" = p_tenant;
  DELETE FROM "insights_visits" WHERE "tenant_id" = p_tenant;
  DELETE FROM "insights_active" WHERE "tenant_id" = p_tenant;
  INSERT INTO "insights_daily" ("tenant_id", "branch_id", "day", "shard", "new_members", "purchases", "amount",
    "points_issued", "points_redeemed", "points_expired", "points_taken_back", "rewards_redeemed", "stamps_added",
    "cards_completed")
    SELECT p_tenant, r."branch_id", r."day", 0, sum(r."new_members"), sum(r."purchases"), sum(r."amount"),
      sum(r."issued"), sum(r."redeemed"), sum(r."expired"), sum(r."taken_back"), sum(r."rewards"), sum(r."stamps"),
      sum(r."cards")
    FROM (
      SELECT e."branch_id", (e."created_at" AT TIME ZONE zone)::date AS "day",
        0 AS "new_members",
        CASE WHEN e."type" = 'PURCHASE' THEN 1 ELSE 0 END AS "purchases",
        CASE WHEN e."type" = 'PURCHASE' THEN coalesce(e."amount", 0) ELSE 0 END AS "amount",
        CASE WHEN e."points" > 0 AND e."type" IN ('PURCHASE', 'BONUS', 'ADJUST', 'IMPORT') THEN e."points" ELSE 0 END AS "issued",
        CASE WHEN e."type" = 'REDEEM' THEN -e."points" ELSE 0 END AS "redeemed",
        CASE WHEN e."type" = 'EXPIRE' THEN -e."points" ELSE 0 END AS "expired",
        CASE WHEN e."type" IN ('REVERSAL', 'REFUND') OR (e."points" < 0 AND e."type" IN ('ADJUST', 'IMPORT'))
          THEN -e."points" ELSE 0 END AS "taken_back",
        0 AS "rewards", 0 AS "stamps", 0 AS "cards"
      FROM "points_ledger" e WHERE e."tenant_id" = p_tenant
      UNION ALL
      SELECT m."home_branch_id", (m."created_at" AT TIME ZONE zone)::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0
      FROM "members" m WHERE m."tenant_id" = p_tenant
      UNION ALL
      SELECT x."home_branch_id", (coalesce(x."joined_at", x."erased_at") AT TIME ZONE zone)::date, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0
      FROM "erased_members" x WHERE x."tenant_id" = p_tenant
      UNION ALL
      SELECT w."branch_id", (w."created_at" AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0
      FROM "reward_redemptions" w WHERE w."tenant_id" = p_tenant AND w."state" <> 'CANCELLED'
      UNION ALL
      SELECT s."branch_id", (s."created_at" AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, s."stamps", s."completed"
      FROM "stamp_ledger" s WHERE s."tenant_id" = p_tenant AND s."type" IN ('ADD', 'PURCHASE', 'IMPORT') AND s."stamps" > 0
        AND NOT EXISTS (SELECT 1 FROM "stamp_ledger" r WHERE r."tenant_id" = p_tenant AND r."reverses_id" = s."id")
    ) r
    GROUP BY r."branch_id", r."day";
  INSERT INTO "insights_visits" ("tenant_id", "member_id", "day", "branch_id", "visits")
    SELECT p_tenant, v."member_id", (v."at" AT TIME ZONE zone)::date, v."branch_id", count(*)
    FROM "visits"(p_tenant) v
    GROUP BY 2, 3, 4;
  INSERT INTO "insights_active" ("tenant_id", "scope", "kind", "period", "shard", "active", "returning")
    SELECT p_tenant, l."scope", l."kind", l."period", 0, count(*),
      count(*) FILTER (WHERE l."before" = (l."period" - "insights_step"(l."kind"))::date)
    FROM (
      SELECT m."scope", m."kind", m."period",
        lag(m."period") OVER (PARTITION BY m."scope", m."kind", m."member_id" ORDER BY m."period") AS "before"
      FROM (
        SELECT DISTINCT s."scope", k."kind", "insights_period"(v."day", k."kind") AS "period", v."member_id"
        FROM "insights_visits" v
        CROSS JOIN (VALUES ('d'), ('w'), ('m')) AS k("kind")
        CROSS JOIN LATERAL (SELECT '' AS "scope" UNION ALL SELECT v."branch_id" WHERE v."branch_id" IS NOT NULL) s
        WHERE v."tenant_id" = p_tenant
      ) m
    ) l
    GROUP BY l."scope", l."kind", l."period";
END $$;--> statement-breakpoint
SELECT "insights_rebuild"("id") FROM "tenants";
