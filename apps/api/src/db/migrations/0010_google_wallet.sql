-- Google Wallet (docs/design.md §8): a loyaltyClass per tenant and a loyaltyObject per member, with what the Wallet
-- REST API last took and the last error it gave.
CREATE TABLE "google_wallet_classes" (
	"tenant_id" text PRIMARY KEY NOT NULL,
	"class_id" text NOT NULL,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "google_wallet_objects" (
	"member_id" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"object_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inserted_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"points_synced" integer,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "google_wallet_classes" ADD CONSTRAINT "google_wallet_classes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_wallet_objects" ADD CONSTRAINT "google_wallet_objects_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_wallet_objects" ADD CONSTRAINT "google_wallet_objects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "google_wallet_objects_tenant_idx" ON "google_wallet_objects" USING btree ("tenant_id","member_id");
