-- A deleted member's Apple pass outlives the member until every device holding it has been told: the pass,
-- its tokens and its registrations no longer go with the member's row (the tenant's still takes them), and
-- the pass is marked voided in the delete's transaction (modules/wallet/apple/push-jobs.ts).
ALTER TABLE "wallet_passes" DROP CONSTRAINT "wallet_passes_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_pass_tokens" DROP CONSTRAINT "wallet_pass_tokens_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_registrations" DROP CONSTRAINT "wallet_registrations_member_id_members_id_fk";--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
-- The fan-out pages through one tenant's push tokens in token order.
CREATE INDEX "wallet_registrations_tenant_push_token_idx" ON "wallet_registrations" USING btree ("tenant_id","push_token");
