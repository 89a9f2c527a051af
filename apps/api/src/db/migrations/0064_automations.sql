-- Automations (docs/design.md §10): the business's automations, each firing once per occasion (the unique key of
-- automation_firings decides it through retries and restarts), the NEAR_REWARD bands members are in, members'
-- birthdays (month and day), invitation codes and who invited them, the automation a message came from, and gifts:
-- reward redemptions no points paid for.
CREATE TABLE "automations" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"text" text,
	"text_zh" text,
	"text_cn" text,
	"bonus_points" integer,
	"reward_id" text,
	"days" integer,
	"points_away" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automations_kind_check" CHECK ("automations"."kind" in ('WELCOME', 'BIRTHDAY', 'WIN_BACK', 'NEAR_REWARD', 'REFERRAL'))
);--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automations_tenant_kind_key" ON "automations" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE TABLE "automation_firings" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"kind" text NOT NULL,
	"member_id" text NOT NULL,
	"occasion" text NOT NULL,
	"day" date NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"entry_id" text,
	"redemption_id" text,
	"messaged" boolean DEFAULT false NOT NULL,
	"cause_entry_id" text,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "automation_firings" ADD CONSTRAINT "automation_firings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_firings_occasion_key" ON "automation_firings" USING btree ("tenant_id","automation_id","member_id","occasion");--> statement-breakpoint
CREATE INDEX "automation_firings_day_idx" ON "automation_firings" USING btree ("tenant_id","automation_id","day");--> statement-breakpoint
CREATE INDEX "automation_firings_cause_idx" ON "automation_firings" USING btree ("tenant_id","cause_entry_id") WHERE "automation_firings"."cause_entry_id" is not null;--> statement-breakpoint
CREATE TABLE "automation_bands" (
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "automation_bands" ADD CONSTRAINT "automation_bands_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_bands_key" ON "automation_bands" USING btree ("tenant_id","member_id","reward_id");--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referral_code" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referred_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "members_tenant_referral_key" ON "members" USING btree ("tenant_id","referral_code");--> statement-breakpoint
CREATE INDEX "members_tenant_birthday_idx" ON "members" USING btree ("tenant_id","birthday") WHERE "members"."birthday" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "automation_id" text;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ALTER COLUMN "ledger_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN IF NOT EXISTS "source" text DEFAULT 'POINTS' NOT NULL;
