CREATE TABLE "members" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text DEFAULT '' NOT NULL,
	"membership_code" text NOT NULL,
	"tier_id" text,
	"points_balance" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"name_zh" text,
	"name_cn" text,
	"description" text,
	"description_zh" text,
	"description_cn" text,
	"color" text DEFAULT '#000000' NOT NULL,
	"icon" text,
	"min_spend_amount" numeric(12, 2),
	"max_spend_amount" numeric(12, 2),
	"discount_percentage" numeric(5, 2),
	"benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_image_url" text,
	"wallet_banner_url" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pass_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"style" text NOT NULL,
	"hero_text" text NOT NULL,
	"show_points" boolean NOT NULL,
	"show_last_update" boolean NOT NULL,
	"background_color" text NOT NULL,
	"foreground_color" text NOT NULL,
	"label_color" text NOT NULL,
	"logo_url" text NOT NULL,
	"strip_url" text NOT NULL,
	"background_url" text NOT NULL,
	"lbl_member_name" text NOT NULL,
	"lbl_membership_lvl" text NOT NULL,
	"lbl_last_update" text NOT NULL,
	"lbl_points" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_conversion_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"earn_rate_amount" numeric(12, 2) NOT NULL,
	"earn_rate_points" integer NOT NULL,
	"redeem_rate_points" integer NOT NULL,
	"redeem_rate_amount" numeric(12, 2) NOT NULL,
	"minimum_redemption" integer,
	"maximum_redemption" integer,
	"expiry_type" text NOT NULL,
	"points_expiry_days" integer,
	"points_expiry_date" timestamp with time zone,
	"is_active" boolean NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"logo_url" text NOT NULL,
	"text" text NOT NULL,
	"background_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"firebase_uid" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenant_users" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'PENDING_VERIFICATION' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" text PRIMARY KEY NOT NULL,
	"business_name" text NOT NULL,
	"industry" text NOT NULL,
	"status" text DEFAULT 'PENDING_VERIFICATION' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"account_id" text,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD CONSTRAINT "pass_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD CONSTRAINT "points_conversion_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD CONSTRAINT "tenant_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_users" ADD CONSTRAINT "tenant_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_tenant_code_key" ON "members" USING btree ("tenant_id","membership_code");--> statement-breakpoint
CREATE INDEX "members_tenant_created_idx" ON "members" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "membership_tiers_tenant_sort_idx" ON "membership_tiers" USING btree ("tenant_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_firebase_uid_key" ON "accounts" USING btree ("firebase_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_key" ON "accounts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_users_tenant_account_key" ON "tenant_users" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "tenant_users_tenant_created_idx" ON "tenant_users" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tenant_users_account_idx" ON "tenant_users" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "uploads_tenant_created_idx" ON "uploads" USING btree ("tenant_id","created_at");