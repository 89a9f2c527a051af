import { z } from 'zod';
import { CLEAN_MULTILINE, CLEAN_TEXT, isCleanMultiline, isCleanText } from './common';
import type { Language } from './languages';

/**
 * The three per-tenant settings records (docs/spec/data-screens.md §3, §5, §9; docs/design.md §4):
 * wallet pass settings, points conversion settings and store settings.
 */
export const SETTINGS_MESSAGES = {
  walletRequired: 'Please upload all images and enter hero text',
  storeRequired: 'Please upload all images and enter store name',
  earnRate: 'Please enter earn rate amount and points.',
  redeemRate: 'Please enter redeem rate points and amount.',
  expiryDays: 'Please enter expiry days when using days-based expiry.',
  expiryDate: 'Please select expiry date when using date-based expiry.',
  expiryDaysRange: 'Expiry days must be a whole number from 1 to 3650',
  amountPositive: 'Amount must be greater than 0',
  amountDecimals: 'Amount may have at most two decimal places',
  amountTooLarge: 'Amount is too large',
  pointsWhole: 'Points must be a whole number of at least 1',
  pointsTooLarge: 'Points value is too large',
  maxBelowMin: 'Maximum redemption must be at least the minimum redemption',
  color: 'Colour must be a hex value like #a855f7',
  foreignImage: 'Upload this image here: only images uploaded to this business can be used',
} as const;

export const CARD_STYLES = ['storeCard', 'generic'] as const;
export type CardStyle = (typeof CARD_STYLES)[number];
export const EXPIRY_TYPES = ['NEVER', 'DAYS', 'DATE'] as const;
export type ExpiryType = (typeof EXPIRY_TYPES)[number];

export const HERO_TEXT_MAX = 120;
export const LABEL_MAX = 40;
export const STORE_NAME_MAX = 100;
export const IMAGE_URL_MAX = 300;
export const POINTS_DESCRIPTION_MAX = 1000;
export const EXPIRY_DAYS_MAX = 3650;
export const AMOUNT_MAX = 1_000_000;
export const POINTS_MAX = 1_000_000_000;
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Trimmed text without control characters; `required` names the message of an empty value. */
const text = (max: number, required?: string) => {
  const base = z
    .string(required ? { error: required } : undefined)
    .trim()
    .max(max, `At most ${max} characters`)
    .refine(isCleanText, CLEAN_TEXT);
  return required ? base.refine((value) => value.length > 0, required) : base;
};

const color = z.string({ error: SETTINGS_MESSAGES.color }).trim().regex(HEX_COLOR, SETTINGS_MESSAGES.color);
const colorOut = color.transform((value) => value.toLowerCase());
/** Whether the URL is this tenant's own upload is checked by the server against its uploads. */
const imageUrl = (required: string) => text(IMAGE_URL_MAX, required);

// ---------- Wallet pass settings ----------

export const passSettingsSchema = z.object({
  style: z.enum(CARD_STYLES),
  heroText: z.string(),
  showPoints: z.boolean(),
  showLastUpdate: z.boolean(),
  backgroundColor: z.string(),
  foregroundColor: z.string(),
  labelColor: z.string(),
  logoUrl: z.string(),
  stripUrl: z.string(),
  backgroundUrl: z.string(),
  lblMemberName: z.string(),
  lblMembershipLvl: z.string(),
  lblLastUpdate: z.string(),
  lblPoints: z.string(),
  // Each label in Traditional (Zh) and Simplified (Cn) Chinese: empty shows the product's own translation.
  lblMemberNameZh: z.string(),
  lblMemberNameCn: z.string(),
  lblMembershipLvlZh: z.string(),
  lblMembershipLvlCn: z.string(),
  lblLastUpdateZh: z.string(),
  lblLastUpdateCn: z.string(),
  lblPointsZh: z.string(),
  lblPointsCn: z.string(),
});
export type PassSettings = z.infer<typeof passSettingsSchema>;

/** The labels a business may give in each language, by the English field's name. */
export const PASS_LABEL_FIELDS = ['lblMemberName', 'lblMembershipLvl', 'lblLastUpdate', 'lblPoints'] as const;
export type PassLabelField = (typeof PASS_LABEL_FIELDS)[number];

/** The default labels: the spec's English words and the product's Chinese ones (the passes and the previews). */
export const PASS_LABEL_TRANSLATIONS = {
  lblMemberName: { en: 'Member Name', 'zh-Hant': '會員姓名', 'zh-Hans': '会员姓名' },
  lblMembershipLvl: { en: 'Membership Level', 'zh-Hant': '會員等級', 'zh-Hans': '会员等级' },
  lblLastUpdate: { en: 'Last Update', 'zh-Hant': '最後更新', 'zh-Hans': '最后更新' },
  lblPoints: { en: 'Points', 'zh-Hant': '積分', 'zh-Hans': '积分' },
} as const satisfies Record<PassLabelField, Record<Language, string>>;

/**
 * A label as a pass in `language` shows it: English is the business's label as saved; Chinese is the business's
 * own label in that script (…Zh Traditional, …Cn Simplified), else the product's translation, so an English
 * "Bread Points" never stands on a Chinese pass.
 */
export function passLabelIn(
  settings: Pick<PassSettings, PassLabelField | `${PassLabelField}Zh` | `${PassLabelField}Cn`>,
  field: PassLabelField,
  language: Language,
): string {
  if (language === 'zh-Hant') return settings[`${field}Zh`].trim() || PASS_LABEL_TRANSLATIONS[field]['zh-Hant'];
  if (language === 'zh-Hans') return settings[`${field}Cn`].trim() || PASS_LABEL_TRANSLATIONS[field]['zh-Hans'];
  return settings[field];
}

/** PUT /api/tenant/pass-settings: images and hero text required (docs/spec/data-screens.md §5), colours #rrggbb, labels trimmed. */
export const passSettingsBodySchema = z.object({
  style: z.enum(CARD_STYLES, { error: 'Card style must be storeCard or generic' }),
  heroText: text(HERO_TEXT_MAX, SETTINGS_MESSAGES.walletRequired),
  showPoints: z.boolean({ error: 'Show points must be true or false' }),
  showLastUpdate: z.boolean({ error: 'Show last update must be true or false' }),
  backgroundColor: colorOut,
  foregroundColor: colorOut,
  labelColor: colorOut,
  logoUrl: imageUrl(SETTINGS_MESSAGES.walletRequired),
  stripUrl: imageUrl(SETTINGS_MESSAGES.walletRequired),
  backgroundUrl: imageUrl(SETTINGS_MESSAGES.walletRequired),
  lblMemberName: text(LABEL_MAX),
  lblMembershipLvl: text(LABEL_MAX),
  lblLastUpdate: text(LABEL_MAX),
  lblPoints: text(LABEL_MAX),
  // Optional: a client that sends only the spec's fields leaves the stored Chinese labels as they are.
  lblMemberNameZh: text(LABEL_MAX).optional(),
  lblMemberNameCn: text(LABEL_MAX).optional(),
  lblMembershipLvlZh: text(LABEL_MAX).optional(),
  lblMembershipLvlCn: text(LABEL_MAX).optional(),
  lblLastUpdateZh: text(LABEL_MAX).optional(),
  lblLastUpdateCn: text(LABEL_MAX).optional(),
  lblPointsZh: text(LABEL_MAX).optional(),
  lblPointsCn: text(LABEL_MAX).optional(),
});
export type PassSettingsInput = z.input<typeof passSettingsBodySchema>;
export type PassSettingsBody = z.output<typeof passSettingsBodySchema>;

/** What the screen shows when a tenant has saved nothing yet (docs/spec/data-screens.md §3). */
export const PASS_SETTINGS_DEFAULTS: PassSettings = {
  style: 'storeCard',
  heroText: '',
  showPoints: true,
  showLastUpdate: true,
  backgroundColor: '#a855f7',
  foregroundColor: '#ffffff',
  labelColor: '#e9d5ff',
  logoUrl: '',
  stripUrl: '',
  backgroundUrl: '',
  lblMemberName: 'Member Name',
  lblMembershipLvl: 'Membership Level',
  lblLastUpdate: 'Last Update',
  lblPoints: 'Points',
  lblMemberNameZh: '',
  lblMemberNameCn: '',
  lblMembershipLvlZh: '',
  lblMembershipLvlCn: '',
  lblLastUpdateZh: '',
  lblLastUpdateCn: '',
  lblPointsZh: '',
  lblPointsCn: '',
};

/** The sample member every card preview shows (docs/spec/data-screens.md §2). */
export const PREVIEW_MEMBER = { name: 'John Doe', level: 'Gold', points: 1250, lastUpdate: 'Jan 1, 2024' } as const;

// ---------- Points conversion settings ----------

export const pointsConversionSchema = z.object({
  earnRateAmount: z.number(),
  earnRatePoints: z.number().int(),
  redeemRatePoints: z.number().int(),
  redeemRateAmount: z.number(),
  minimumRedemption: z.number().int().nullable(),
  maximumRedemption: z.number().int().nullable(),
  expiryType: z.enum(EXPIRY_TYPES),
  pointsExpiryDays: z.number().int().nullable(),
  pointsExpiryDate: z.string().nullable(),
  isActive: z.boolean(),
  description: z.string(),
  /** Days after a purchase a refund is taken (null: any time), the limits of a purchase (null: none). */
  refundWindowDays: z.number().int().nullable(),
  maxPointsPerPurchase: z.number().int().nullable(),
  maxPurchasesPerMemberPerDay: z.number().int().nullable(),
  staffMaxPurchaseAmount: z.number().nullable(),
  expiryWarningDays: z.number().int().nullable(),
});
export type PointsConversion = z.infer<typeof pointsConversionSchema>;

export const LIMIT_FIELD_MESSAGES = {
  days: (max: number) => `Enter a whole number of days from 1 to ${max}, or leave it empty for none`,
  count: (max: number) => `Enter a whole number from 1 to ${max.toLocaleString('en-US')}, or leave it empty for none`,
} as const;

/** A whole number from 1 to max, null for none; absent keeps what is stored. */
const optionalLimit = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message).nullable().optional();

/** True when the value has at most two decimal places (tolerant of binary fractions such as 0.29 * 100). */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const amount = (missing: string) =>
  z
    .number({ error: missing })
    .refine(Number.isFinite, missing)
    .refine((value) => value > 0, SETTINGS_MESSAGES.amountPositive)
    .refine(hasAtMostTwoDecimals, SETTINGS_MESSAGES.amountDecimals)
    .refine((value) => value <= AMOUNT_MAX, SETTINGS_MESSAGES.amountTooLarge);

const points = (missing: string) =>
  z
    .number({ error: missing })
    .int(SETTINGS_MESSAGES.pointsWhole)
    .min(1, SETTINGS_MESSAGES.pointsWhole)
    .max(POINTS_MAX, SETTINGS_MESSAGES.pointsTooLarge);

const optionalPoints = z
  .number({ error: SETTINGS_MESSAGES.pointsWhole })
  .int(SETTINGS_MESSAGES.pointsWhole)
  .min(1, SETTINGS_MESSAGES.pointsWhole)
  .max(POINTS_MAX, SETTINGS_MESSAGES.pointsTooLarge)
  .nullable()
  .optional()
  .transform((value) => value ?? null);

/**
 * POST /api/points-conversion. The expiry type decides which expiry field is kept: DAYS keeps the days
 * (1–3650) and clears the date, DATE keeps the date-time and clears the days, NEVER clears both (docs/spec/data-screens.md §4).
 * A date without an offset is read as UTC.
 */
export const pointsConversionBodySchema = z
  .object({
    earnRateAmount: amount(SETTINGS_MESSAGES.earnRate),
    earnRatePoints: points(SETTINGS_MESSAGES.earnRate),
    redeemRatePoints: points(SETTINGS_MESSAGES.redeemRate),
    redeemRateAmount: amount(SETTINGS_MESSAGES.redeemRate),
    minimumRedemption: optionalPoints,
    maximumRedemption: optionalPoints,
    expiryType: z.enum(EXPIRY_TYPES, { error: 'Expiry type must be NEVER, DAYS or DATE' }).default('NEVER'),
    pointsExpiryDays: z.unknown().optional(),
    pointsExpiryDate: z.unknown().optional(),
    isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
    // Written in a text area: the one text of these settings that may hold line breaks.
    description: z
      .string()
      .trim()
      .max(POINTS_DESCRIPTION_MAX, `At most ${POINTS_DESCRIPTION_MAX} characters`)
      .refine(isCleanMultiline, CLEAN_MULTILINE)
      .default(''),
    // The refund window and the limits: a field absent from the body keeps its stored value (a client that
    // sends only the older fields changes none of them); null means none.
    refundWindowDays: optionalLimit(EXPIRY_DAYS_MAX, LIMIT_FIELD_MESSAGES.days(EXPIRY_DAYS_MAX)),
    maxPointsPerPurchase: optionalLimit(POINTS_MAX, LIMIT_FIELD_MESSAGES.count(POINTS_MAX)),
    maxPurchasesPerMemberPerDay: optionalLimit(1000, LIMIT_FIELD_MESSAGES.count(1000)),
    staffMaxPurchaseAmount: amount(SETTINGS_MESSAGES.amountPositive).nullable().optional(),
    expiryWarningDays: optionalLimit(365, LIMIT_FIELD_MESSAGES.days(365)),
  })
  .superRefine(
    (body, ctx) => {
      // Runs even when other fields failed (every bad field is named at once), so nothing here is trusted,
      // not even that the body is an object (a JSON null reaches this point too).
      if (typeof body !== 'object' || body === null) return;
      const { minimumRedemption: min, maximumRedemption: max } = body;
      if (typeof min === 'number' && typeof max === 'number' && min > max) {
        ctx.addIssue({ code: 'custom', path: ['maximumRedemption'], message: SETTINGS_MESSAGES.maxBelowMin });
      }
      if (body.expiryType === 'DAYS') {
        const days = body.pointsExpiryDays;
        if (days === undefined || days === null || days === '') {
          ctx.addIssue({ code: 'custom', path: ['pointsExpiryDays'], message: SETTINGS_MESSAGES.expiryDays });
        } else if (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > EXPIRY_DAYS_MAX) {
          ctx.addIssue({ code: 'custom', path: ['pointsExpiryDays'], message: SETTINGS_MESSAGES.expiryDaysRange });
        }
      }
      if (body.expiryType === 'DATE') {
        const date = body.pointsExpiryDate;
        if (typeof date !== 'string' || !z.iso.datetime({ local: true, offset: true }).safeParse(date).success) {
          ctx.addIssue({ code: 'custom', path: ['pointsExpiryDate'], message: SETTINGS_MESSAGES.expiryDate });
        }
      }
    },
    { when: () => true },
  )
  .transform((body) => ({
    ...body,
    pointsExpiryDays: body.expiryType === 'DAYS' ? (body.pointsExpiryDays as number) : null,
    pointsExpiryDate: body.expiryType === 'DATE' ? toUtcIso(body.pointsExpiryDate as string) : null,
  }));
export type PointsConversionInput = z.input<typeof pointsConversionBodySchema>;
export type PointsConversionBody = z.output<typeof pointsConversionBodySchema>;

/** A date-time without an offset is taken as UTC wall-clock time, so what is typed is what comes back. */
export function toUtcIso(value: string): string {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(value);
  return new Date(hasOffset ? value : `${value}Z`).toISOString();
}

// ---------- Store settings ----------

export const storeSettingsSchema = z.object({
  logoUrl: z.string(),
  text: z.string(),
  backgroundUrl: z.string(),
});
export type StoreSettings = z.infer<typeof storeSettingsSchema>;

/** PUT /api/tenant/store-settings: logo, store name and background all required (docs/spec/data-screens.md §5). */
export const storeSettingsBodySchema = z.object({
  logoUrl: imageUrl(SETTINGS_MESSAGES.storeRequired),
  text: text(STORE_NAME_MAX, SETTINGS_MESSAGES.storeRequired),
  backgroundUrl: imageUrl(SETTINGS_MESSAGES.storeRequired),
});
export type StoreSettingsInput = z.input<typeof storeSettingsBodySchema>;
export type StoreSettingsBody = z.output<typeof storeSettingsBodySchema>;

export const STORE_SETTINGS_DEFAULTS: StoreSettings = { logoUrl: '', text: '', backgroundUrl: '' };
