-- Segments and messages to cardholders (docs/design.md §9). A business's quiet hours ({from, to} in its time zone, null:
-- none); saved segments (a filter by name); messages with their log counters, and one target row per member a
-- message goes to, marked done once delivered, so a fan-out cut short by a crash resumes where it stopped (the
-- lease keeps a second run of the send job off a message another run is working on). An
-- Apple pass shows its latest message ("Latest news"); Google notices per pass are kept to count three a day.
ALTER TABLE "tenants" ADD COLUMN "quiet_hours" jsonb;--> statement-breakpoint
CREATE TABLE "segments" (
  "id" text PRIMARY KEY NOT NULL,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "filter" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "segments_tenant_name_key" ON "segments" ("tenant_id", lower("name"));--> statement-breakpoint
CREATE TABLE "messages" (
  "id" text PRIMARY KEY NOT NULL,
  "tenant_id" text NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "text" text NOT NULL,
  "text_zh" text,
  "text_cn" text,
  "audience" jsonb NOT NULL,
  "state" text DEFAULT 'SCHEDULED' NOT NULL,
  "send_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone,
  "targeted" integer DEFAULT 0 NOT NULL,
  "passes_updated" integer DEFAULT 0 NOT NULL,
  "apple_pushes" integer DEFAULT 0 NOT NULL,
  "google_notified" integer DEFAULT 0 NOT NULL,
  "google_quiet" integer DEFAULT 0 NOT NULL,
  "failed" integer DEFAULT 0 NOT NULL,
  "lease_by" text,
  "lease_until" timestamp with time zone,
  CONSTRAINT "messages_state_check" CHECK ("state" in ('SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'))
);--> statement-breakpoint
CREATE INDEX "messages_tenant_created_idx" ON "messages" ("tenant_id", "created_at" DESC);--> statement-breakpoint
CREATE TABLE "message_targets" (
  "message_id" text NOT NULL REFERENCES "messages"("id") ON DELETE CASCADE,
  "member_id" text NOT NULL,
  "tenant_id" text NOT NULL,
  "done" boolean DEFAULT false NOT NULL,
  CONSTRAINT "message_targets_pkey" PRIMARY KEY ("message_id", "member_id")
);--> statement-breakpoint
ALTER TABLE "wallet_passes" ADD COLUMN "news_message_id" text;--> statement-breakpoint
CREATE TABLE "google_wallet_notices" (
  "tenant_id" text NOT NULL,
  "member_id" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "google_wallet_notices_member_idx" ON "google_wallet_notices" ("tenant_id", "member_id", "sent_at");
