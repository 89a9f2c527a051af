-- A message may name the promotion it announces (docs/design.md §10 "Promotions"), shown in the business's list.
-- Deleting the promotion unlinks its messages (their text stays); the partial index lets that delete find them
-- without reading every notice the app sent.
ALTER TABLE "messages" ADD COLUMN "promotion_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_promotion_idx" ON "messages" USING btree ("promotion_id") WHERE "messages"."promotion_id" is not null;
