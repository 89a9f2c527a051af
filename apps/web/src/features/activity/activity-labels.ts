import type { AuditAction } from '@loyalty/contracts';
import { activeLocale, type MessageKey, t } from '@/lib/i18n/i18n';

/** Each action of the trail as the screen names it. */
export const ACTION_LABELS: Record<AuditAction, MessageKey> = {
  'member.create': 'activity.action.memberCreate',
  'member.update': 'activity.action.memberUpdate',
  'member.delete': 'activity.action.memberDelete',
  'points.purchase': 'activity.action.pointsPurchase',
  'points.redeem': 'activity.action.pointsRedeem',
  'points.adjust': 'activity.action.pointsAdjust',
  'points.reversal': 'activity.action.pointsReversal',
  'tier.create': 'activity.action.tierCreate',
  'tier.update': 'activity.action.tierUpdate',
  'tier.delete': 'activity.action.tierDelete',
  'user.create': 'activity.action.userCreate',
  'user.update': 'activity.action.userUpdate',
  'user.delete': 'activity.action.userDelete',
  'passSettings.update': 'activity.action.passSettingsUpdate',
  'pointsConversion.update': 'activity.action.pointsConversionUpdate',
  'storeSettings.update': 'activity.action.storeSettingsUpdate',
  'import.run': 'activity.action.importRun',
  'enrolment.update': 'activity.action.enrolmentUpdate',
  'apiKey.create': 'activity.action.apiKeyCreate',
  'apiKey.revoke': 'activity.action.apiKeyRevoke',
  'webhook.create': 'activity.action.webhookCreate',
  'webhook.update': 'activity.action.webhookUpdate',
  'webhook.delete': 'activity.action.webhookDelete',
  'business.update': 'activity.action.businessUpdate',
  'segment.create': 'activity.action.segmentCreate',
  'segment.update': 'activity.action.segmentUpdate',
  'segment.delete': 'activity.action.segmentDelete',
  'message.send': 'activity.action.messageSend',
  'message.cancel': 'activity.action.messageCancel',
  'reward.create': 'activity.action.rewardCreate',
  'reward.update': 'activity.action.rewardUpdate',
  'reward.delete': 'activity.action.rewardDelete',
  'reward.fulfil': 'activity.action.rewardFulfil',
  'reward.cancel': 'activity.action.rewardCancel',
};

/** The recorded fields in words (the trail stores the API's field names: firstName, membershipCode…). */
const FIELD_LABELS: Record<string, MessageKey> = {
  firstName: 'activity.field.firstName',
  lastName: 'activity.field.lastName',
  email: 'activity.field.email',
  phone: 'activity.field.phone',
  status: 'activity.field.status',
  tierId: 'activity.field.tierId',
  tierPinned: 'activity.field.tierPinned',
  membershipCode: 'activity.field.membershipCode',
  balance: 'activity.field.balance',
  pointsBalance: 'activity.field.pointsBalance',
  lifetimeSpend: 'activity.field.lifetimeSpend',
  type: 'activity.field.type',
  points: 'activity.field.points',
  amount: 'activity.field.amount',
  reason: 'activity.field.reason',
  name: 'activity.field.name',
  // A reward's fields (docs/design.md §9).
  kind: 'activity.field.kind',
  value: 'activity.field.value',
  pointsCost: 'activity.field.pointsCost',
  tierIds: 'activity.field.tierIds',
  stock: 'activity.field.stock',
  perMemberLimit: 'activity.field.perMemberLimit',
  validFrom: 'activity.field.validFrom',
  validTo: 'activity.field.validTo',
  imageUrl: 'activity.field.imageUrl',
  state: 'activity.field.state',
  rewardName: 'activity.field.rewardName',
  nameZh: 'activity.field.nameZh',
  nameCn: 'activity.field.nameCn',
  description: 'activity.field.description',
  descriptionZh: 'activity.field.descriptionZh',
  descriptionCn: 'activity.field.descriptionCn',
  color: 'activity.field.color',
  icon: 'activity.field.icon',
  minSpendAmount: 'activity.field.minSpendAmount',
  maxSpendAmount: 'activity.field.maxSpendAmount',
  discountPercentage: 'activity.field.discountPercentage',
  benefits: 'activity.field.benefits',
  benefitsZh: 'activity.field.benefitsZh',
  benefitsCn: 'activity.field.benefitsCn',
  cardImageUrl: 'activity.field.cardImageUrl',
  walletBannerUrl: 'activity.field.walletBannerUrl',
  isActive: 'activity.field.isActive',
  sortOrder: 'activity.field.sortOrder',
  role: 'activity.field.role',
  style: 'activity.field.style',
  heroText: 'activity.field.heroText',
  showPoints: 'activity.field.showPoints',
  showLastUpdate: 'activity.field.showLastUpdate',
  backgroundColor: 'activity.field.backgroundColor',
  foregroundColor: 'activity.field.foregroundColor',
  labelColor: 'activity.field.labelColor',
  logoUrl: 'activity.field.logoUrl',
  stripUrl: 'activity.field.stripUrl',
  backgroundUrl: 'activity.field.backgroundUrl',
  lblMemberName: 'activity.field.lblMemberName',
  lblMembershipLvl: 'activity.field.lblMembershipLvl',
  lblLastUpdate: 'activity.field.lblLastUpdate',
  lblPoints: 'activity.field.lblPoints',
  lblMemberNameZh: 'activity.field.lblMemberNameZh',
  lblMemberNameCn: 'activity.field.lblMemberNameCn',
  lblMembershipLvlZh: 'activity.field.lblMembershipLvlZh',
  lblMembershipLvlCn: 'activity.field.lblMembershipLvlCn',
  lblLastUpdateZh: 'activity.field.lblLastUpdateZh',
  lblLastUpdateCn: 'activity.field.lblLastUpdateCn',
  lblPointsZh: 'activity.field.lblPointsZh',
  lblPointsCn: 'activity.field.lblPointsCn',
  earnRateAmount: 'activity.field.earnRateAmount',
  earnRatePoints: 'activity.field.earnRatePoints',
  redeemRatePoints: 'activity.field.redeemRatePoints',
  redeemRateAmount: 'activity.field.redeemRateAmount',
  minimumRedemption: 'activity.field.minimumRedemption',
  maximumRedemption: 'activity.field.maximumRedemption',
  expiryType: 'activity.field.expiryType',
  pointsExpiryDays: 'activity.field.pointsExpiryDays',
  pointsExpiryDate: 'activity.field.pointsExpiryDate',
  text: 'activity.field.text',
  country: 'activity.field.country',
  timeZone: 'activity.field.timeZone',
  language: 'activity.field.language',
  scopes: 'activity.field.scopes',
  revoked: 'activity.field.revoked',
  fileHash: 'activity.field.fileHash',
  rows: 'activity.field.rows',
  url: 'activity.field.url',
  events: 'activity.field.events',
  active: 'activity.field.active',
  enabled: 'activity.field.enabled',
  slug: 'activity.field.slug',
  welcomePoints: 'activity.field.welcomePoints',
  requireEmail: 'activity.field.requireEmail',
  termsUrl: 'activity.field.termsUrl',
  allowedCountries: 'activity.field.allowedCountries',
  id: 'activity.field.id',
  entry: 'activity.field.entry',
  refundWindowDays: 'activity.field.refundWindowDays',
  maxPointsPerPurchase: 'activity.field.maxPointsPerPurchase',
  maxPurchasesPerMemberPerDay: 'activity.field.maxPurchasesPerMemberPerDay',
  staffMaxPurchaseAmount: 'activity.field.staffMaxPurchaseAmount',
  expiryWarningDays: 'activity.field.expiryWarningDays',
  orderId: 'activity.field.orderId',
  note: 'activity.field.note',
};

/** A field's name in the active language; one the screen does not know is shown as recorded. */
export const fieldLabel = (field: string): string => {
  const key = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
  return key ? t(key) : field;
};

/** Codes the trail records as values (entry types, statuses, roles, choices), in words. */
const VALUE_LABELS: Record<string, MessageKey> = {
  PURCHASE: 'activity.value.purchase',
  REDEEM: 'activity.value.redeem',
  ADJUST: 'activity.value.adjust',
  EXPIRE: 'activity.value.expire',
  REVERSAL: 'activity.value.reversal',
  BONUS: 'activity.value.bonus',
  IMPORT: 'activity.value.import',
  REFUND: 'activity.value.refund',
  PENDING_VERIFICATION: 'activity.value.pendingVerification',
  ACTIVE: 'activity.value.active',
  INACTIVE: 'activity.value.inactive',
  NEVER: 'activity.value.never',
  DAYS: 'activity.value.days',
  DATE: 'activity.value.date',
  storeCard: 'activity.value.storeCard',
  generic: 'activity.value.generic',
  owner: 'activity.value.owner',
  admin: 'activity.value.admin',
  staff: 'activity.value.staff',
  active: 'activity.value.active',
  inactive: 'activity.value.inactive',
  true: 'activity.value.true',
  false: 'activity.value.false',
};

/**
 * A recorded value as one short line: nothing as a dash, codes and yes/no in words, other text and numbers as
 * they are (they are the business's data), a list of texts joined, anything else as compact JSON.
 */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return '—';
  }
  if (typeof value === 'boolean') return t(VALUE_LABELS[String(value)] as MessageKey);
  if (typeof value === 'string') {
    const key = Object.hasOwn(VALUE_LABELS, value) ? VALUE_LABELS[value] : undefined;
    return key ? t(key) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.join(activeLocale() === 'en' ? ', ' : '、');
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item && 'benefit' in item)) {
    return value
      .map((item) => String((item as { benefit: unknown }).benefit))
      .join(activeLocale() === 'en' ? ', ' : '、');
  }
  if (typeof value === 'object' && value !== null && 'type' in value && 'points' in value) return entryInWords(value);
  return JSON.stringify(value);
}

/** A ledger entry the trail recorded (type, points, amount, reason) in words: 消費 · 積分 125 · 金額 12.50. */
function entryInWords(entry: object): string {
  const { type, points, amount, reason } = entry as Record<string, unknown>;
  const parts = [shownValue(type), `${fieldLabel('points')} ${shownValue(points)}`];
  if (amount !== null && amount !== undefined) parts.push(`${fieldLabel('amount')} ${shownValue(amount)}`);
  if (typeof reason === 'string' && reason) parts.push(`${fieldLabel('reason')} ${reason}`);
  return parts.join(' · ');
}
