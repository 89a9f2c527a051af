-- A stamp added at the counter may name the business's order, as a purchase does (docs/design.md §10 "Stamp cards"):
-- recorded once per business, the same request again replays, another is refused (409 DUPLICATE_ORDER).
ALTER TABLE "stamp_ledger" ADD COLUMN "order_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "stamp_ledger_order_key" ON "stamp_ledger" USING btree ("tenant_id","order_id") WHERE "stamp_ledger"."order_id" is not null;
