-- The sha256 of the request body an entry was recorded with under an Idempotency-Key (modules/members/
-- idempotency.ts): the same key with another body is refused (422) instead of replaying this entry. Entries
-- recorded before this migration keep null and replay as before.
ALTER TABLE "points_ledger" ADD COLUMN "idempotency_body_hash" text;