-- The customer's own data (docs/design.md §9). Erasure removes the member's row, and the ledger and its lots stay for the
-- business's figures: their member_id no longer refers to a row (the person is gone; the entries are not). A
-- tenant's own delete still removes them (the trigger below), as the members cascade did before.
ALTER TABLE "points_ledger" DROP CONSTRAINT "points_ledger_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "points_lots" DROP CONSTRAINT "points_lots_member_id_members_id_fk";--> statement-breakpoint
CREATE FUNCTION "points_on_tenant_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "points_lots" WHERE "tenant_id" = OLD."id";
  DELETE FROM "points_ledger" WHERE "tenant_id" = OLD."id";
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "tenants_points_delete" AFTER DELETE ON "tenants" FOR EACH ROW EXECUTE FUNCTION "points_on_tenant_delete"();--> statement-breakpoint
-- What an erased member leaves: its figures, no person (no name, phone, e-mail or code).
CREATE TABLE "erased_members" (
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"member_id" text NOT NULL,
	"tier_id" text,
	"points_balance" integer NOT NULL,
	"lifetime_spend" numeric(14, 2) NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("tenant_id", "member_id")
);--> statement-breakpoint
-- A key per member for the person's details in the append-only audit trail: erasure deletes the key (with the
-- member's row), and what the trail holds of the person can no longer be read (crypto-shredding).
CREATE TABLE "member_keys" (
	"member_id" text PRIMARY KEY NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"tenant_id" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "member_keys_tenant_idx" ON "member_keys" ("tenant_id");--> statement-breakpoint
-- Each change of a consent the customer made on the card page (or staff for them): when, what, by whom.
CREATE TABLE "member_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "member_consents_member_idx" ON "member_consents" ("tenant_id", "member_id", "created_at");
--> statement-breakpoint
-- A customer acting on their own card (the card page's "Delete my card") is an actor of the trail too.
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_type_check" CHECK ("actor_type" in ('account', 'apiKey', 'member'));
