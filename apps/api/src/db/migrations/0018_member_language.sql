-- The language a customer joined in on the join page (en, zh-Hant or zh-Hans): the page sent it and it was
-- dropped. Members added by staff or by an import have not given one (null).
ALTER TABLE "members" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_language_check" CHECK ("language" IN ('en', 'zh-Hant', 'zh-Hans'));
