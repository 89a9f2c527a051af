DROP INDEX "members_tenant_created_idx";--> statement-breakpoint
DROP INDEX "points_ledger_member_created_idx";--> statement-breakpoint
CREATE INDEX "members_tenant_created_idx" ON "members" USING btree ("tenant_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "points_ledger_member_created_idx" ON "points_ledger" USING btree ("tenant_id","member_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);