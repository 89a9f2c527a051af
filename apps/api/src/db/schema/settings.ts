import { boolean, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

const tenantKey = () =>
  text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' });
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Wallet card look, one row per tenant. */
export const passSettings = pgTable('pass_settings', {
  tenantId: tenantKey(),
  style: text('style', { enum: ['storeCard', 'generic'] }).notNull(),
  heroText: text('hero_text').notNull(),
  showPoints: boolean('show_points').notNull(),
  showLastUpdate: boolean('show_last_update').notNull(),
  backgroundColor: text('background_color').notNull(),
  foregroundColor: text('foreground_color').notNull(),
  labelColor: text('label_color').notNull(),
  logoUrl: text('logo_url').notNull(),
  stripUrl: text('strip_url').notNull(),
  backgroundUrl: text('background_url').notNull(),
  lblMemberName: text('lbl_member_name').notNull(),
  lblMembershipLvl: text('lbl_membership_lvl').notNull(),
  lblLastUpdate: text('lbl_last_update').notNull(),
  lblPoints: text('lbl_points').notNull(),
  // The labels in Traditional (Zh) and Simplified (Cn) Chinese; empty: the product's translation.
  lblMemberNameZh: text('lbl_member_name_zh').notNull().default(''),
  lblMemberNameCn: text('lbl_member_name_cn').notNull().default(''),
  lblMembershipLvlZh: text('lbl_membership_lvl_zh').notNull().default(''),
  lblMembershipLvlCn: text('lbl_membership_lvl_cn').notNull().default(''),
  lblLastUpdateZh: text('lbl_last_update_zh').notNull().default(''),
  lblLastUpdateCn: text('lbl_last_update_cn').notNull().default(''),
  lblPointsZh: text('lbl_points_zh').notNull().default(''),
  lblPointsCn: text('lbl_points_cn').notNull().default(''),
  updatedAt: updatedAt(),
});

export const pointsConversionSettings = pgTable('points_conversion_settings', {
  tenantId: tenantKey(),
  earnRateAmount: numeric('earn_rate_amount', { precision: 12, scale: 2 }).notNull(),
  earnRatePoints: integer('earn_rate_points').notNull(),
  redeemRatePoints: integer('redeem_rate_points').notNull(),
  redeemRateAmount: numeric('redeem_rate_amount', { precision: 12, scale: 2 }).notNull(),
  minimumRedemption: integer('minimum_redemption'),
  maximumRedemption: integer('maximum_redemption'),
  expiryType: text('expiry_type', { enum: ['NEVER', 'DAYS', 'DATE'] }).notNull(),
  pointsExpiryDays: integer('points_expiry_days'),
  pointsExpiryDate: timestamp('points_expiry_date', { withTimezone: true }),
  isActive: boolean('is_active').notNull(),
  description: text('description').notNull().default(''),
  // Days after a purchase a refund is taken (null: any time); the limits of a purchase (null: none).
  refundWindowDays: integer('refund_window_days').default(90),
  maxPointsPerPurchase: integer('max_points_per_purchase'),
  maxPurchasesPerMemberPerDay: integer('max_purchases_per_member_per_day'),
  staffMaxPurchaseAmount: numeric('staff_max_purchase_amount', { precision: 12, scale: 2 }),
  expiryWarningDays: integer('expiry_warning_days'),
  updatedAt: updatedAt(),
});

export const storeSettings = pgTable('store_settings', {
  tenantId: tenantKey(),
  logoUrl: text('logo_url').notNull(),
  text: text('text').notNull(),
  backgroundUrl: text('background_url').notNull(),
  updatedAt: updatedAt(),
});
