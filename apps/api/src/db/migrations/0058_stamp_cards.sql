-- Stamp cards (docs/design.md §10): the business's card settings, a stamp ledger of its own (never rows of the
-- points ledger), the member's stamps on the current card and cards completed, and a full card's reward as a
-- redemption with no points entry (source STAMPS, named by its stamp entry).
CREATE TABLE "stamp_card_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"stamps_per_card" integer NOT NULL,
	"earn" text NOT NULL,
	"amount_per_stamp" numeric(12, 2),
	"max_stamps_per_day" integer,
	"reward_id" text NOT NULL,
	"expiry_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_card_settings_per_card_check" CHECK ("stamp_card_settings"."stamps_per_card" between 2 and 20),
	CONSTRAINT "stamp_card_settings_earn_check" CHECK ("stamp_card_settings"."earn" in ('PER_VISIT', 'PER_AMOUNT'))
);
--> statement-breakpoint
CREATE TABLE "stamp_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"account_id" text,
	"type" text NOT NULL,
	"stamps" integer NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completed_stamps" integer DEFAULT 0 NOT NULL,
	"card_size" integer NOT NULL,
	"per_amount" boolean DEFAULT false NOT NULL,
	"purchase_id" text,
	"reverses_id" text,
	"idempotency_key" text,
	"idempotency_body_hash" text,
	"note" text,
	"branch_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_ledger_type_check" CHECK ("stamp_ledger"."type" in ('ADD', 'PURCHASE', 'ADJUST', 'REVERSAL', 'REFUND', 'EXPIRE', 'IMPORT'))
);
--> statement-breakpoint
ALTER TABLE "reward_redemptions" ALTER COLUMN "ledger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "stamps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "cards_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "stamp_card_size" integer;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "stamp_card_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'POINTS' NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "stamp_entry_id" text;--> statement-breakpoint
ALTER TABLE "stamp_card_settings" ADD CONSTRAINT "stamp_card_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_card_settings" ADD CONSTRAINT "stamp_card_settings_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_ledger" ADD CONSTRAINT "stamp_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_ledger" ADD CONSTRAINT "stamp_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_ledger" ADD CONSTRAINT "stamp_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_ledger" ADD CONSTRAINT "stamp_ledger_purchase_id_points_ledger_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."points_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stamp_ledger_member_idx" ON "stamp_ledger" USING btree ("tenant_id","member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stamp_ledger_purchase_idx" ON "stamp_ledger" USING btree ("tenant_id","purchase_id") WHERE "stamp_ledger"."purchase_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_ledger_reverses_key" ON "stamp_ledger" USING btree ("tenant_id","reverses_id") WHERE "stamp_ledger"."reverses_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_ledger_idempotency_key" ON "stamp_ledger" USING btree ("tenant_id","idempotency_key") WHERE "stamp_ledger"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "reward_redemptions_stamp_entry_idx" ON "reward_redemptions" USING btree ("stamp_entry_id") WHERE "reward_redemptions"."stamp_entry_id" is not null;
