-- Customer enrolment (docs/design.md §8): one row per tenant once an admin saves the join page's settings; a tenant
-- without a row has the page off. The slug is the public address /join/<slug>: unique in any letter case.
CREATE TABLE "enrolment_settings" (
	"tenant_id" text PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE cascade,
	"enabled" boolean DEFAULT false NOT NULL,
	"slug" text NOT NULL,
	"welcome_points" integer DEFAULT 0 NOT NULL,
	"require_email" boolean DEFAULT false NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL,
	"allowed_countries" text[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "enrolment_settings_slug_key" ON "enrolment_settings" USING btree (lower("slug"));
--> statement-breakpoint
-- The customer's consent to marketing, given on the join page (staff-added members have not given it).
ALTER TABLE "members" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;
