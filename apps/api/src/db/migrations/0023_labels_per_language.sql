-- The wallet's labels per language: a business's own label in Traditional (…_zh) and Simplified (…_cn) Chinese
-- beside its English one; empty means the product's translation of the default label. Tier benefits in both
-- scripts, in the order of the English ones (an empty list: the English benefits are shown).
ALTER TABLE "pass_settings" ADD COLUMN "lbl_member_name_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_member_name_cn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_membership_lvl_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_membership_lvl_cn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_last_update_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_last_update_cn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_points_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pass_settings" ADD COLUMN "lbl_points_cn" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD COLUMN "benefits_zh" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD COLUMN "benefits_cn" jsonb DEFAULT '[]'::jsonb NOT NULL;
