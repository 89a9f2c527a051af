-- Tier review and points on time (docs/design.md §9). A business's tier policy (one row; none: tiers follow lifetime
-- spend as before); the daily runs of the scheduled work, one row per business, kind and local day, so that
-- several instances running the schedule at once do each day's work once; a member's grace period before a
-- downgrade; a lot's expiry warning, told once; an index that finds the lots lapsing or about to, across
-- businesses; and the system as an actor of the audit trail (the review's tier changes).
CREATE TABLE "tier_policies" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"basis" text NOT NULL,
	"months" integer,
	"downgrade" text NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tier_policies_basis_check" CHECK ("basis" in ('LIFETIME', 'ROLLING_MONTHS', 'CALENDAR_YEAR')),
	CONSTRAINT "tier_policies_downgrade_check" CHECK ("downgrade" in ('NONE', 'ONE_STEP', 'TO_QUALIFYING')),
	CONSTRAINT "tier_policies_months_check" CHECK ("months" is null or "months" between 1 and 60),
	CONSTRAINT "tier_policies_grace_check" CHECK ("grace_days" between 0 and 365)
);--> statement-breakpoint
CREATE TABLE "scheduled_runs" (
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"day" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"upgrades" integer,
	"downgrades" integer,
	CONSTRAINT "scheduled_runs_pkey" PRIMARY KEY ("tenant_id", "kind", "day")
);--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tier_grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "points_lots" ADD COLUMN "warned_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "points_lots_due_idx" ON "points_lots" ("expires_at") WHERE "remaining" > 0;--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_type_check" CHECK ("actor_type" in ('account', 'apiKey', 'member', 'system'));
