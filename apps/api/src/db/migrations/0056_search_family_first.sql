-- A Chinese name is typed family name first, without a space ("陳大文" for first name 大文, last name 陳): the
-- member search text also holds the name as last || first, so the counter's name lookup finds it. The list's
-- search condition uses exactly this expression (memberSearchText in db/schema/members.ts), so the trigram
-- index is rebuilt on it.
DROP INDEX IF EXISTS "members_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "members_search_trgm_idx" ON "members" USING gin (lower("first_name" || ' ' || "last_name" || chr(31) || "last_name" || "first_name" || chr(31) || coalesce("email", '') || chr(31) || "phone" || chr(31) || "membership_code") gin_trgm_ops);
