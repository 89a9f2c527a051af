-- Erasure that reaches the disk (docs/design.md §10). A reward redemption outlives its member as the ledger does:
-- erasing the member clears member_id instead of deleting the redemption, so the stock it took and the list of
-- redemptions stay right, and one issued but not handed over can still be fulfilled or cancelled.
ALTER TABLE "reward_redemptions" ALTER COLUMN "member_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_redemptions" DROP CONSTRAINT "reward_redemptions_member_id_fkey";--> statement-breakpoint
ALTER TABLE "reward_redemptions" ADD CONSTRAINT "reward_redemptions_member_id_fkey"
	FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL;--> statement-breakpoint
-- An erasure's pending scrub of the embedded database's files (db/disk-scrub.ts): one row, the time of the latest
-- request; the scrub removes it when it has rewritten the tables and moved the write-ahead log past them. It names
-- no one.
CREATE TABLE "disk_scrub_requests" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL
);
