-- Orders, refunds and limits. A purchase may name the business's order (unique per business) and carry a note;
-- a REFUND entry names the purchase it gives part of back (many per purchase, so not reverses_id, which allows
-- one). The point settings gain the refund window (days; null: no window) and the limits a purchase must keep
-- within (null: none), and the days before an expiry a customer is warned.
ALTER TABLE "points_ledger" ADD COLUMN "order_id" text;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "refunds_id" text REFERENCES "points_ledger"("id") ON DELETE CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_order_key" ON "points_ledger" ("tenant_id", "order_id") WHERE "order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "points_ledger_refunds_idx" ON "points_ledger" ("refunds_id") WHERE "refunds_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD COLUMN "refund_window_days" integer DEFAULT 90;--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD COLUMN "max_points_per_purchase" integer;--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD COLUMN "max_purchases_per_member_per_day" integer;--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD COLUMN "staff_max_purchase_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "points_conversion_settings" ADD COLUMN "expiry_warning_days" integer;
