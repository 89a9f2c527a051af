-- Promotions (docs/design.md §10): multipliers and bonuses on top of a purchase's base points, under conditions
-- reckoned in the business's time zone. What each promotion gave a PURCHASE entry is a row of promotion_awards
-- (the entry's points are the total); the promotion has no foreign key there, so a deleted promotion still
-- explains the entries it added to.
CREATE TABLE "promotions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"name_zh" text,
	"name_cn" text,
	"kind" text NOT NULL,
	"factor" numeric(4, 1),
	"bonus_points" integer,
	"min_amount" numeric(14, 2),
	"days" jsonb,
	"from_time" text,
	"to_time" text,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"tier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"branch_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_member_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_kind_check" CHECK ("kind" in ('MULTIPLIER', 'BONUS'))
);--> statement-breakpoint
CREATE INDEX "promotions_tenant_idx" ON "promotions" ("tenant_id", "active");--> statement-breakpoint
CREATE TABLE "promotion_awards" (
	"tenant_id" text NOT NULL,
	"entry_id" text NOT NULL REFERENCES "points_ledger"("id") ON DELETE CASCADE,
	"promotion_id" text NOT NULL,
	"member_id" text NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_awards_pkey" PRIMARY KEY ("entry_id", "promotion_id")
);--> statement-breakpoint
CREATE INDEX "promotion_awards_member_idx" ON "promotion_awards" ("tenant_id", "promotion_id", "member_id");
