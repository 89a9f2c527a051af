-- The app's own notices through the messages queue (docs/design.md §9: the expiry warning): `origin` names what caused
-- one (null: the business's message). The business's list shows its own messages only, so its index holds only
-- those.
ALTER TABLE "messages" ADD COLUMN "origin" text;--> statement-breakpoint
DROP INDEX "messages_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" ("tenant_id", "created_at" DESC) WHERE "origin" IS NULL;
