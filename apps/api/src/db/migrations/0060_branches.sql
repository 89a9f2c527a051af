-- Branches (docs/design.md §10): a business's shops, and the branch every purchase, redemption, refund, reversal
-- and reward redemption was recorded at. Team users record at the branches they are bound to (none: every one);
-- a member's home branch is the one whose poster they joined by. Entries name a branch without a foreign key (as
-- they name their tenant, migration 0019): a branch an entry names is never deleted, only deactivated.
CREATE TABLE "branches" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"name_zh" text,
	"name_cn" text,
	"address" text,
	"address_zh" text,
	"address_cn" text,
	"phone" text,
	"latitude" double precision,
	"longitude" double precision,
	"relevant_text" text,
	"relevant_text_zh" text,
	"relevant_text_cn" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "branches_coordinates_check" CHECK (("branches"."latitude" is null) = ("branches"."longitude" is null))
);--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "branches_tenant_created_idx" ON "branches" USING btree ("tenant_id","created_at");--> statement-breakpoint
ALTER TABLE "tenant_users" ADD COLUMN "branch_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "home_branch_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_home_branch_id_branches_id_fk" FOREIGN KEY ("home_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_tenant_home_branch_idx" ON "members" USING btree ("tenant_id","home_branch_id") WHERE "members"."home_branch_id" is not null;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "branch_id" text;--> statement-breakpoint
CREATE INDEX "points_ledger_branch_idx" ON "points_ledger" USING btree ("tenant_id","branch_id","created_at") WHERE "points_ledger"."branch_id" is not null;--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD COLUMN "branch_id" text;
