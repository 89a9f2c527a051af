CREATE TABLE "member_code_counters" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"type" text NOT NULL,
	"points" integer NOT NULL,
	"amount" numeric(14, 2),
	"reason" text,
	"idempotency_key" text,
	"account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_lots" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"member_id" text NOT NULL,
	"ledger_id" text NOT NULL,
	"points" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "members_tenant_created_idx";--> statement-breakpoint
DROP INDEX "membership_tiers_tenant_sort_idx";--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "tier_pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "lifetime_spend" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_code_counters" ADD CONSTRAINT "member_code_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_lots" ADD CONSTRAINT "points_lots_ledger_id_points_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."points_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_idempotency_key" ON "points_ledger" USING btree ("tenant_id","idempotency_key") WHERE "points_ledger"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "points_ledger_member_created_idx" ON "points_ledger" USING btree ("tenant_id","member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "points_ledger_tenant_created_idx" ON "points_ledger" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "points_lots_member_expiry_idx" ON "points_lots" USING btree ("tenant_id","member_id","expires_at");--> statement-breakpoint
CREATE INDEX "points_lots_tenant_expiry_idx" ON "points_lots" USING btree ("tenant_id","expires_at");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_tenant_email_key" ON "members" USING btree ("tenant_id",lower("email")) WHERE "members"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "members_tenant_phone_key" ON "members" USING btree ("tenant_id","phone") WHERE "members"."phone" <> '';--> statement-breakpoint
CREATE INDEX "members_tenant_tier_idx" ON "members" USING btree ("tenant_id","tier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_tiers_tenant_name_key" ON "membership_tiers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "members_tenant_created_idx" ON "members" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "membership_tiers_tenant_sort_idx" ON "membership_tiers" USING btree ("tenant_id","sort_order","name");