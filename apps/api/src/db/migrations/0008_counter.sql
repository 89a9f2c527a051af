-- The counter (docs/design.md §8): reversals link to the entry they undo (at most one each: points_ledger_reverses_key),
-- redemptions keep the lots they spent (lot_takes) so a reversal gives the points back to them, and codes are
-- found in any letter case by one probe of members_tenant_code_lower_key (codes so far are all M + digits, so
-- none differ only in case). Numbered 0008: 0007 belongs to the job queue's branch.
ALTER TABLE "points_ledger" ADD COLUMN "reverses_id" text;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD COLUMN "lot_takes" jsonb;--> statement-breakpoint
ALTER TABLE "points_ledger" ADD CONSTRAINT "points_ledger_reverses_id_points_ledger_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."points_ledger"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_tenant_code_lower_key" ON "members" USING btree ("tenant_id",lower("membership_code"));--> statement-breakpoint
CREATE UNIQUE INDEX "points_ledger_reverses_key" ON "points_ledger" USING btree ("tenant_id","reverses_id") WHERE "points_ledger"."reverses_id" is not null;