-- The customer side's Apple Wallet hardened.
-- Pass tokens: one per member, derived from a server key and this version (never stored); a new version
-- revokes every token of the pass. Tokens handed out before stay valid through wallet_pass_tokens (hashes).
ALTER TABLE "wallet_passes" ADD COLUMN "token_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Push status that tells the truth: per pass, the last attempt and its error (pushed_at stays the last push
-- APNs accepted); per device, the same three.
ALTER TABLE "wallet_passes" ADD COLUMN "push_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD COLUMN "push_error" text;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD COLUMN "registered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD COLUMN "push_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD COLUMN "pushed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_registrations" ADD COLUMN "push_error" text;--> statement-breakpoint
UPDATE "wallet_registrations" SET "registered_at" = "created_at";--> statement-breakpoint
-- At most 10 devices per pass (wallet/repository.ts DEVICES_PER_PASS): a pass registered on more before keeps
-- its first 10, as a registration past the cap is now refused.
DELETE FROM "wallet_registrations" r
USING (
  SELECT "device_library_id", "pass_type_id", "member_id",
         row_number() OVER (PARTITION BY "tenant_id", "member_id" ORDER BY "created_at", "device_library_id") AS n
  FROM "wallet_registrations"
) ranked
WHERE ranked.n > 10
  AND r."device_library_id" = ranked."device_library_id"
  AND r."pass_type_id" = ranked."pass_type_id"
  AND r."member_id" = ranked."member_id";
