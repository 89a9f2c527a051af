-- Rewards (docs/design.md §9): what points buy by name. A redemption is a REDEEM entry in the ledger plus a row here with
-- its state (ISSUED → FULFILLED | CANCELLED); a cancellation is a REVERSAL of that entry. Stock counts what is
-- left (null: unlimited) and never goes below zero; the reward's row lock serialises the last ones. A claim is a
-- code the customer shows on the phone for 10 minutes; it reserves nothing and is used once.
CREATE TABLE "rewards" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"name_zh" text,
	"name_cn" text,
	"description" text,
	"kind" text NOT NULL,
	"value" numeric(12, 2),
	"points_cost" integer NOT NULL,
	"tier_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stock" integer,
	"per_member_limit" integer,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rewards_kind_check" CHECK ("kind" in ('FREE_ITEM', 'AMOUNT_OFF', 'PERCENT_OFF')),
	CONSTRAINT "rewards_stock_check" CHECK ("stock" >= 0),
	CONSTRAINT "rewards_points_cost_check" CHECK ("points_cost" >= 1)
);--> statement-breakpoint
CREATE INDEX "rewards_tenant_cost_idx" ON "rewards" ("tenant_id", "points_cost");--> statement-breakpoint
CREATE TABLE "reward_redemptions" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"reward_id" text REFERENCES "rewards"("id") ON DELETE SET NULL,
	"reward_name" text NOT NULL,
	"member_id" text NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"ledger_id" text NOT NULL REFERENCES "points_ledger"("id") ON DELETE CASCADE,
	"reversal_id" text REFERENCES "points_ledger"("id") ON DELETE SET NULL,
	"points_cost" integer NOT NULL,
	"state" text DEFAULT 'ISSUED' NOT NULL,
	"code" text NOT NULL,
	"claim_code" text,
	"account_id" text REFERENCES "accounts"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_redemptions_state_check" CHECK ("state" in ('ISSUED', 'FULFILLED', 'CANCELLED'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_ledger_key" ON "reward_redemptions" ("ledger_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reward_redemptions_code_key" ON "reward_redemptions" ("tenant_id", "code");--> statement-breakpoint
CREATE INDEX "reward_redemptions_member_idx" ON "reward_redemptions" ("tenant_id", "member_id", "reward_id");--> statement-breakpoint
CREATE INDEX "reward_redemptions_reward_idx" ON "reward_redemptions" ("tenant_id", "reward_id");--> statement-breakpoint
CREATE TABLE "reward_claims" (
	"code" text NOT NULL,
	"tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"member_id" text NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
	"reward_id" text NOT NULL REFERENCES "rewards"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"redemption_id" text REFERENCES "reward_redemptions"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_claims_pkey" PRIMARY KEY ("tenant_id", "code")
);--> statement-breakpoint
CREATE INDEX "reward_claims_member_idx" ON "reward_claims" ("member_id");
