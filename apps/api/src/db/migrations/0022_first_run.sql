-- The business's profile (modules/business) and the dashboard's setup checklist (modules/setup).
ALTER TABLE "tenants" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_language_check" CHECK ("language" IN ('en', 'zh-Hant', 'zh-Hans'));--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "setup_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "poster_downloaded_at" timestamp with time zone;--> statement-breakpoint
-- Existing businesses: the country of the owner's phone by its calling code (longest code first; the first
-- country of a shared code, as packages/contracts/src/phone-countries.ts lists them), its time zone for Hong
-- Kong, Taiwan and mainland China (else UTC), and the owner's chosen language when there is one.
UPDATE "tenants" AS t SET
  "country" = o."country",
  "time_zone" = CASE o."country" WHEN 'HK' THEN 'Asia/Hong_Kong' WHEN 'TW' THEN 'Asia/Taipei'
    WHEN 'CN' THEN 'Asia/Shanghai' ELSE 'UTC' END,
  "language" = COALESCE(o."language", 'en')
FROM (
  SELECT tu."tenant_id", a."language",
    (SELECT c."country" FROM (VALUES ('1', 'US'), ('7', 'RU'), ('20', 'EG'), ('27', 'ZA'), ('30', 'GR'), ('31', 'NL'), ('32', 'BE'), ('33', 'FR'), ('34', 'ES'), ('36', 'HU'), ('39', 'IT'), ('40', 'RO'), ('41', 'CH'), ('43', 'AT'), ('44', 'GB'), ('45', 'DK'), ('46', 'SE'), ('47', 'NO'), ('48', 'PL'), ('49', 'DE'), ('51', 'PE'), ('52', 'MX'), ('54', 'AR'), ('55', 'BR'), ('56', 'CL'), ('57', 'CO'), ('60', 'MY'), ('61', 'AU'), ('62', 'ID'), ('63', 'PH'), ('64', 'NZ'), ('65', 'SG'), ('66', 'TH'), ('81', 'JP'), ('82', 'KR'), ('84', 'VN'), ('86', 'CN'), ('90', 'TR'), ('91', 'IN'), ('92', 'PK'), ('351', 'PT'), ('353', 'IE'), ('358', 'FI'), ('852', 'HK'), ('853', 'MO'), ('855', 'KH'), ('880', 'BD'), ('886', 'TW'), ('966', 'SA'), ('971', 'AE'), ('972', 'IL'), ('974', 'QA')) AS c("code", "country")
      WHERE a."phone" LIKE '+' || c."code" || '%' ORDER BY length(c."code") DESC LIMIT 1) AS "country"
  FROM "tenant_users" tu JOIN "accounts" a ON a."id" = tu."account_id"
  WHERE tu."role" = 'owner'
) AS o
WHERE o."tenant_id" = t."id";
