-- Text the system writes into a row is a code rendered in the reader's language (docs/design.md §10): ledger
-- entries gain `reason_code`, and `reason` keeps only what a person typed. The reasons the system wrote in English
-- so far become their codes (a redemption's reward is named by its redemption row, in every language).
ALTER TABLE "points_ledger" ADD COLUMN "reason_code" text;--> statement-breakpoint
UPDATE "points_ledger" SET "reason_code" = CASE
    WHEN "type" = 'BONUS' AND "reason" = 'Welcome points' THEN 'WELCOME_POINTS'
    WHEN "type" = 'EXPIRE' AND "reason" = 'Points expired' THEN 'POINTS_EXPIRED'
    WHEN "type" = 'REVERSAL' AND "reason" = 'Reversal of a purchase' THEN 'PURCHASE_REVERSED'
    WHEN "type" = 'REVERSAL' AND "reason" = 'Reversal of a redemption' THEN 'REDEMPTION_REVERSED'
    WHEN "type" = 'REVERSAL' AND "reason" = 'Reward cancelled' THEN 'REWARD_CANCELLED'
    WHEN "type" = 'IMPORT' AND "reason" = 'Opening balance (import)' THEN 'IMPORT_OPENING_BALANCE'
    WHEN "type" = 'REDEEM' AND "reason" LIKE 'Reward: %'
      AND EXISTS (SELECT 1 FROM "reward_redemptions" rr WHERE rr."ledger_id" = "points_ledger"."id") THEN 'REWARD_REDEEMED'
  END, "reason" = NULL
WHERE ("type" = 'BONUS' AND "reason" = 'Welcome points')
  OR ("type" = 'EXPIRE' AND "reason" = 'Points expired')
  OR ("type" = 'REVERSAL' AND "reason" IN ('Reversal of a purchase', 'Reversal of a redemption', 'Reward cancelled'))
  OR ("type" = 'IMPORT' AND "reason" = 'Opening balance (import)')
  OR ("type" = 'REDEEM' AND "reason" LIKE 'Reward: %'
    AND EXISTS (SELECT 1 FROM "reward_redemptions" rr WHERE rr."ledger_id" = "points_ledger"."id"));
