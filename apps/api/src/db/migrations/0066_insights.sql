-- Insights (docs/design.md §10): the business's figures per day, written in the transaction of every row they
-- count by the triggers below (the ledger's entries, members, reward redemptions: whatever writes them, the API,
-- an import, the demo seed), so the timeseries of a year reads 365 small rows instead of a million entries.
-- Days are the business's (its profile's time zone); insights_rebuild(tenant) recomputes a business from its rows
-- when the zone changes (a queued job, modules/insights) and fills the tables below for the existing data.
CREATE TABLE "insights_daily" (
	"tenant_id" text NOT NULL,
	"branch_id" text,
	"day" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"new_members" integer DEFAULT 0 NOT NULL,
	"purchases" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"points_issued" bigint DEFAULT 0 NOT NULL,
	"points_redeemed" bigint DEFAULT 0 NOT NULL,
	"points_expired" bigint DEFAULT 0 NOT NULL,
	"points_taken_back" bigint DEFAULT 0 NOT NULL,
	"rewards_redeemed" integer DEFAULT 0 NOT NULL,
	"stamps_added" integer DEFAULT 0 NOT NULL,
	"cards_completed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_daily_key" UNIQUE NULLS NOT DISTINCT("tenant_id","day","branch_id","shard")
);
--> statement-breakpoint
CREATE TABLE "insights_visits" (
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"day" date NOT NULL,
	"branch_id" text,
	"visits" integer NOT NULL,
	CONSTRAINT "insights_visits_key" UNIQUE NULLS NOT DISTINCT("tenant_id","member_id","day","branch_id")
);
--> statement-breakpoint
CREATE TABLE "insights_active" (
	"tenant_id" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"period" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"returning" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insights_active_key" UNIQUE("tenant_id","scope","kind","period","shard")
);
--> statement-breakpoint
ALTER TABLE "erased_members" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "erased_members" ADD COLUMN "home_branch_id" text;--> statement-breakpoint
-- Members erased before this migration: their first entry is the earliest we know of them (else the erasure).
UPDATE "erased_members" AS e SET "joined_at" = coalesce(
  (SELECT min(l."created_at") FROM "points_ledger" l WHERE l."tenant_id" = e."tenant_id" AND l."member_id" = e."member_id"),
  e."erased_at");--> statement-breakpoint
-- An erased member keeps its join date and home branch for the figures (docs/design.md §10): taken from its row,
-- which still exists when erasure records what it leaves (modules/privacy). Read through to_jsonb so this holds
-- whichever columns the members table has (home_branch_id comes with branches).
CREATE FUNCTION "insights_erased_member"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(NEW."joined_at", m."created_at"), coalesce(NEW."home_branch_id", to_jsonb(m) ->> 'home_branch_id')
    INTO NEW."joined_at", NEW."home_branch_id"
    FROM "members" m WHERE m."tenant_id" = NEW."tenant_id" AND m."id" = NEW."member_id";
  NEW."joined_at" := coalesce(NEW."joined_at", NEW."erased_at", now());
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "erased_members_insights" BEFORE INSERT ON "erased_members"
  FOR EACH ROW EXECUTE FUNCTION "insights_erased_member"();--> statement-breakpoint
-- A day's period of a kind ('d' day, 'w' week from Monday, 'm' month), and the step from one period to the next.
CREATE FUNCTION "insights_period"(p_day date, p_kind text) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_kind WHEN 'd' THEN p_day WHEN 'w' THEN date_trunc('week', p_day::timestamp)::date
    ELSE date_trunc('month', p_day::timestamp)::date END $$;--> statement-breakpoint
CREATE FUNCTION "insights_step"(p_kind text) RETURNS interval LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_kind WHEN 'd' THEN interval '1 day' WHEN 'w' THEN interval '7 days' ELSE interval '1 month' END $$;--> statement-breakpoint
CREATE FUNCTION "insights_active_add"(p_tenant text, p_scope text, p_kind text, p_period date, p_active integer,
  p_returning integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "insights_active" AS a ("tenant_id", "scope", "kind", "period", "shard", "active", "returning")
    VALUES (p_tenant, p_scope, p_kind, p_period, (txid_current() % 16)::smallint, p_active, p_returning)
    ON CONFLICT ("tenant_id", "scope", "kind", "period", "shard") DO UPDATE SET
      "active" = a."active" + excluded."active", "returning" = a."returning" + excluded."returning" $$;--> statement-breakpoint
-- One member's visits of a day changed by `p_delta` (a visit entry +1, its reversal −1). The active and returning
-- members of each day, week and month (in every branch: scope '', and at the visit's branch) are kept as counts
-- (insights_active), so a year by day reads 365 rows, not a million visits: a member becomes active in a period
-- with its first visit there and stops with its last one undone; it is returning in a period when also active in
-- the one before, and its activity makes it returning in the one after.
CREATE FUNCTION "insights_visit"(p_tenant text, p_member text, p_day date, p_branch text, p_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s text;
  k text;
  p date;
  step interval;
  n bigint;
  sign integer;
BEGIN
  IF p_delta = 0 THEN RETURN; END IF;
  INSERT INTO "insights_visits" AS v ("tenant_id", "member_id", "day", "branch_id", "visits")
    VALUES (p_tenant, p_member, p_day, p_branch, p_delta)
    ON CONFLICT ("tenant_id", "member_id", "day", "branch_id") DO UPDATE SET "visits" = v."visits" + excluded."visits";
  DELETE FROM "insights_visits" WHERE "tenant_id" = p_tenant AND "member_id" = p_member AND "day" = p_day
    AND "branch_id" IS NOT DISTINCT FROM p_branch AND "visits" <= 0;
  FOREACH s IN ARRAY CASE WHEN p_branch IS NULL THEN ARRAY[''] ELSE ARRAY['', p_branch] END LOOP
    FOREACH k IN ARRAY ARRAY['d', 'w', 'm'] LOOP
      step := "insights_step"(k);
      p := "insights_period"(p_day, k);
      SELECT coalesce(sum("visits"), 0) INTO n FROM "insights_visits"
        WHERE "tenant_id" = p_tenant AND "member_id" = p_member AND "day" >= p AND "day" < (p + step)::date
          AND (s = '' OR "branch_id" = s);
      IF (n > 0) <> (n - p_delta > 0) THEN
        sign := CASE WHEN n > 0 THEN 1 ELSE -1 END;
        PERFORM "insights_active_add"(p_tenant, s, k, p, sign, CASE WHEN EXISTS (SELECT 1 FROM "insights_visits"
          WHERE "tenant_id" = p_tenant AND "member_id" = p_member AND "day" >= (p - step)::date AND "day" < p
            AND (s = '' OR "branch_id" = s)) THEN sign ELSE 0 END);
        IF EXISTS (SELECT 1 FROM "insights_visits" WHERE "tenant_id" = p_tenant AND "member_id" = p_member
            AND "day" >= (p + step)::date AND "day" < (p + step + step)::date AND (s = '' OR "branch_id" = s)) THEN
          PERFORM "insights_active_add"(p_tenant, s, k, (p + step)::date, 0, sign);
        END IF;
      END IF;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
-- One write of the daily figures: every roll-up write of a business holds its shared lock, the rebuild its
-- exclusive one, so a rebuild never loses a write made while it runs. The shard is the transaction's, so one
-- transaction touches one row per day and branch (no deadlock between two writers of one day).
CREATE FUNCTION "insights_record"(p_tenant text, p_branch text, p_at timestamptz, p_new_members integer,
  p_rewards integer, p_stamps integer, p_cards integer, p_visit_member text, p_visit_delta integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (p_at AT TIME ZONE coalesce((SELECT "time_zone" FROM "tenants" WHERE "id" = p_tenant), 'UTC'))::date;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(660066, hashtext(p_tenant));
  IF p_new_members <> 0 OR p_rewards <> 0 OR p_stamps <> 0 OR p_cards <> 0 THEN
    INSERT INTO "insights_daily" AS x ("tenant_id", "branch_id", "day", "shard", "new_members", "rewards_redeemed",
      "stamps_added", "cards_completed")
      VALUES (p_tenant, p_branch, d, (txid_current() % 16)::smallint, p_new_members, p_rewards, p_stamps, p_cards)
      ON CONFLICT ("tenant_id", "day", "branch_id", "shard") DO UPDATE SET
        "new_members" = x."new_members" + excluded."new_members",
        "rewards_redeemed" = x."rewards_redeemed" + excluded."rewards_redeemed",
        "stamps_added" = x."stamps_added" + excluded."stamps_added",
        "cards_completed" = x."cards_completed" + excluded."cards_completed";
  END IF;
  IF p_visit_member IS NOT NULL AND p_visit_delta <> 0 THEN
    PERFORM "insights_visit"(p_tenant, p_visit_member, d, p_branch, p_visit_delta);
  END IF;
END $$;--> statement-breakpoint
-- The ledger's entries, one statement at a time (an import's batch is one statement): §9's figures per day and
-- branch, and the visits (a purchase or a redemption; a reversal takes the visit of the entry it undoes back, on
-- that entry's day). The branch is read through to_jsonb: entries name one once branches exist.
CREATE FUNCTION "insights_ledger_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
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
    FROM (SELECT i."tenant_id", to_jsonb(i) ->> 'branch_id' AS "branch_id", i."type", i."points", i."amount",
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
      SELECT i."tenant_id", i."member_id", i."created_at" AS "at", to_jsonb(i) ->> 'branch_id' AS "branch_id", 1 AS "delta"
        FROM inserted i WHERE i."type" IN ('PURCHASE', 'REDEEM')
      UNION ALL
      SELECT r."tenant_id", r."member_id", r."created_at", to_jsonb(r) ->> 'branch_id', -1
        FROM inserted i JOIN "points_ledger" r ON r."id" = i."reverses_id"
        WHERE i."type" = 'REVERSAL' AND r."type" IN ('PURCHASE', 'REDEEM')
    ) x LEFT JOIN "tenants" t ON t."id" = x."tenant_id"
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  LOOP
    PERFORM "insights_visit"(rec."tenant_id", rec."member_id", rec."day", rec."branch_id", rec."delta");
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "points_ledger_insights" AFTER INSERT ON "points_ledger" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "insights_ledger_rows"();--> statement-breakpoint
-- New members per day and home branch (an import's batch is one statement). Erasure does not take them away.
CREATE FUNCTION "insights_member_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(660066, hashtext(x."tenant_id"))
    FROM (SELECT DISTINCT "tenant_id" FROM inserted ORDER BY 1) x;
  INSERT INTO "insights_daily" AS d ("tenant_id", "branch_id", "day", "shard", "new_members")
    SELECT i."tenant_id", to_jsonb(i) ->> 'home_branch_id',
      (i."created_at" AT TIME ZONE coalesce(t."time_zone", 'UTC'))::date, (txid_current() % 16)::smallint, count(*)
    FROM inserted i LEFT JOIN "tenants" t ON t."id" = i."tenant_id"
    GROUP BY 1, 2, 3 ORDER BY 1, 3, 2
    ON CONFLICT ("tenant_id", "day", "branch_id", "shard") DO UPDATE SET "new_members" = d."new_members" + excluded."new_members";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_insights" AFTER INSERT ON "members" REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION "insights_member_rows"();--> statement-breakpoint
-- Rewards redeemed per day and branch, as the dashboard counts them: a cancelled redemption is not one.
CREATE FUNCTION "insights_redemption_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW."state" <> 'CANCELLED' THEN
    PERFORM "insights_record"(NEW."tenant_id", to_jsonb(NEW) ->> 'branch_id', NEW."created_at", 0, 1, 0, 0, NULL, 0);
  ELSIF TG_OP = 'UPDATE' AND NEW."state" = 'CANCELLED' AND OLD."state" <> 'CANCELLED' THEN
    PERFORM "insights_record"(NEW."tenant_id", to_jsonb(NEW) ->> 'branch_id', NEW."created_at", 0, -1, 0, 0, NULL, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reward_redemptions_insights" AFTER INSERT OR UPDATE OF "state" ON "reward_redemptions"
  FOR EACH ROW EXECUTE FUNCTION "insights_redemption_row"();--> statement-breakpoint
-- A business's figures recomputed from its rows, in its current time zone, under its exclusive lock (writers wait
-- for it, on PostgreSQL; PGlite runs one transaction at a time anyway). The stamp columns stay 0 until the stamp
-- ledger exists: its migration must add its entries here.
CREATE FUNCTION "insights_rebuild"(p_tenant text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  zone text := coalesce((SELECT "time_zone" FROM "tenants" WHERE "id" = p_tenant), 'UTC');
BEGIN
  PERFORM pg_advisory_xact_lock(660066, hashtext(p_tenant));
  DELETE FROM "insights_daily" WHERE "tenant_id" = p_tenant;
  DELETE FROM "insights_visits" WHERE "tenant_id" = p_tenant;
  DELETE FROM "insights_active" WHERE "tenant_id" = p_tenant;
  INSERT INTO "insights_daily" ("tenant_id", "branch_id", "day", "shard", "new_members", "purchases", "amount",
    "points_issued", "points_redeemed", "points_expired", "points_taken_back", "rewards_redeemed")
    SELECT p_tenant, r."branch_id", r."day", 0, sum(r."new_members"), sum(r."purchases"), sum(r."amount"),
      sum(r."issued"), sum(r."redeemed"), sum(r."expired"), sum(r."taken_back"), sum(r."rewards")
    FROM (
      SELECT to_jsonb(e) ->> 'branch_id' AS "branch_id", (e."created_at" AT TIME ZONE zone)::date AS "day",
        0 AS "new_members",
        CASE WHEN e."type" = 'PURCHASE' THEN 1 ELSE 0 END AS "purchases",
        CASE WHEN e."type" = 'PURCHASE' THEN coalesce(e."amount", 0) ELSE 0 END AS "amount",
        CASE WHEN e."points" > 0 AND e."type" IN ('PURCHASE', 'BONUS', 'ADJUST', 'IMPORT') THEN e."points" ELSE 0 END AS "issued",
        CASE WHEN e."type" = 'REDEEM' THEN -e."points" ELSE 0 END AS "redeemed",
        CASE WHEN e."type" = 'EXPIRE' THEN -e."points" ELSE 0 END AS "expired",
        CASE WHEN e."type" IN ('REVERSAL', 'REFUND') OR (e."points" < 0 AND e."type" IN ('ADJUST', 'IMPORT'))
          THEN -e."points" ELSE 0 END AS "taken_back",
        0 AS "rewards"
      FROM "points_ledger" e WHERE e."tenant_id" = p_tenant
      UNION ALL
      SELECT to_jsonb(m) ->> 'home_branch_id', (m."created_at" AT TIME ZONE zone)::date, 1, 0, 0, 0, 0, 0, 0, 0
      FROM "members" m WHERE m."tenant_id" = p_tenant
      UNION ALL
      SELECT x."home_branch_id", (coalesce(x."joined_at", x."erased_at") AT TIME ZONE zone)::date, 1, 0, 0, 0, 0, 0, 0, 0
      FROM "erased_members" x WHERE x."tenant_id" = p_tenant
      UNION ALL
      SELECT to_jsonb(w) ->> 'branch_id', (w."created_at" AT TIME ZONE zone)::date, 0, 0, 0, 0, 0, 0, 0, 1
      FROM "reward_redemptions" w WHERE w."tenant_id" = p_tenant AND w."state" <> 'CANCELLED'
    ) r
    GROUP BY r."branch_id", r."day";
  INSERT INTO "insights_visits" ("tenant_id", "member_id", "day", "branch_id", "visits")
    SELECT p_tenant, e."member_id", (e."created_at" AT TIME ZONE zone)::date, to_jsonb(e) ->> 'branch_id', count(*)
    FROM "points_ledger" e
    WHERE e."tenant_id" = p_tenant AND e."type" IN ('PURCHASE', 'REDEEM')
      AND NOT EXISTS (SELECT 1 FROM "points_ledger" r WHERE r."tenant_id" = p_tenant AND r."reverses_id" = e."id")
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
