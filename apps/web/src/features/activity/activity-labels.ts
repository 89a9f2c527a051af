import { type AuditAction, type AuditEvent, LANGUAGE_NAMES } from '@loyalty/contracts';
import { formatDate, formatDateTime } from '@/lib/i18n/format';
import { activeLocale, type MessageKey, t } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { timeZoneName } from '@/lib/i18n/time-zone-names';
import { scopeLabel, webhookEventLabel } from '@/lib/integration-labels';
import { entryReason } from '@/lib/ledger-reason';

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
  'branch.create': 'activity.action.branchCreate',
  'branch.update': 'activity.action.branchUpdate',
  'branch.delete': 'activity.action.branchDelete',
  'reward.create': 'activity.action.rewardCreate',
  'reward.update': 'activity.action.rewardUpdate',
  'reward.delete': 'activity.action.rewardDelete',
  'reward.fulfil': 'activity.action.rewardFulfil',
  'reward.cancel': 'activity.action.rewardCancel',
  'points.refund': 'activity.action.pointsRefund',
  'settings.tier-policy.update': 'activity.action.tierPolicyUpdate',
  'member.tier.review': 'activity.action.tierReview',
  'promotion.create': 'activity.action.promotionCreate',
  'promotion.update': 'activity.action.promotionUpdate',
  'promotion.delete': 'activity.action.promotionDelete',
};

/** Actions the trail writes that the filter does not offer (entries the system records), and any newer one. */
const OTHER_ACTIONS: Record<string, MessageKey> = {
  'points.bonus': 'activity.action.pointsBonus',
  'points.import': 'activity.action.pointsImport',
  'points.expire': 'activity.action.pointsExpire',
};

/** What the system records under its own name (the tier review), by the id it records. */
const SYSTEM_ACTORS: Record<string, MessageKey> = {
  'tier-review': 'activity.actor.tierReview',
};

/**
 * Who did it: a person, a key or a customer by the name recorded (their data); the system by what it is, in the
 * reader's language (the trail records its name in English: docs/design.md §10).
 */
export function actorLabel(type: string, id: string, name: string): string {
  if (type !== 'system') return name;
  return t(Object.hasOwn(SYSTEM_ACTORS, id) ? (SYSTEM_ACTORS[id] as MessageKey) : 'activity.actor.system');
}

/** An action in words; one this screen does not know yet reads "Other change", never its key. */
export function actionLabel(action: string): string {
  if (Object.hasOwn(ACTION_LABELS, action)) return t(ACTION_LABELS[action as AuditAction]);
  return t(Object.hasOwn(OTHER_ACTIONS, action) ? (OTHER_ACTIONS[action] as MessageKey) : 'activity.action.other');
}

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
  // The tier policy (docs/design.md §9), in the words of its own card.
  basis: 'tierPolicy.basis',
  months: 'tierPolicy.months',
  downgrade: 'tierPolicy.downgrade',
  graceDays: 'tierPolicy.graceDays',
  // Messages and segments, in the words of the Messages screen.
  audience: 'messages.audience.kind',
  sendAt: 'activity.field.sendAt',
  targeted: 'activity.field.targeted',
  filter: 'activity.field.filter',
  quietHours: 'messages.quiet.title',
  minBalance: 'messages.filter.minBalance',
  maxBalance: 'messages.filter.maxBalance',
  minLifetimeSpend: 'messages.filter.minLifetimeSpend',
  lastVisitBefore: 'messages.filter.lastVisitBefore',
  lastVisitAfter: 'messages.filter.lastVisitAfter',
  joinedBefore: 'messages.filter.joinedBefore',
  joinedAfter: 'messages.filter.joinedAfter',
  hasWalletPass: 'messages.filter.walletPass',
  from: 'activity.from',
  to: 'activity.to',
};

/** Fields whose name depends on what changed: a message's text is the message, not the store's text. */
const FIELD_LABELS_OF: Record<string, Record<string, MessageKey>> = {
  message: {
    text: 'activity.field.messageText',
    textZh: 'activity.field.messageTextZh',
    textCn: 'activity.field.messageTextCn',
  },
  segment: { tierIds: 'messages.filter.tiers' },
  // A webhook is on or off, as the Developers screen says it; not the join page's "open".
  webhook: { enabled: 'developers.enabled' },
};

/** Ids and bookkeeping the reader has no use for: the member and tiers are named instead. */
const HIDDEN_FIELDS = new Set(['id', 'reversesId', 'refundsId', 'memberId', 'segmentId', 'saved']);

/** Whether a recorded field is shown at all. */
export const shownField = (field: string): boolean => !HIDDEN_FIELDS.has(field);

/**
 * A field's name in the active language, as what changed (`targetType`) names it; one the screen does not know
 * reads "Other detail", never the API's field name.
 */
export const fieldLabel = (field: string, targetType = ''): string => {
  const own = FIELD_LABELS_OF[targetType];
  const key =
    own && Object.hasOwn(own, field)
      ? own[field]
      : Object.hasOwn(FIELD_LABELS, field)
        ? FIELD_LABELS[field]
        : undefined;
  return t(key ?? 'activity.field.other');
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
  FREE_ITEM: 'rewards.kindFreeItem',
  AMOUNT_OFF: 'rewards.kindAmountOff',
  PERCENT_OFF: 'rewards.kindPercentOff',
  LIFETIME: 'tierPolicy.basis.LIFETIME',
  ROLLING_MONTHS: 'tierPolicy.basis.ROLLING_MONTHS',
  CALENDAR_YEAR: 'tierPolicy.basis.CALENDAR_YEAR',
  NONE: 'tierPolicy.downgrade.NONE',
  ONE_STEP: 'tierPolicy.downgrade.ONE_STEP',
  TO_QUALIFYING: 'tierPolicy.downgrade.TO_QUALIFYING',
  SCHEDULED: 'messages.state.scheduled',
  SENDING: 'messages.state.sending',
  SENT: 'messages.state.sent',
  CANCELLED: 'messages.state.cancelled',
  ISSUED: 'rewards.stateIssued',
  FULFILLED: 'rewards.stateFulfilled',
};

/** What an event names besides its fields: its member and the tiers its changes name (the API's answer). */
export type EventNames = Pick<AuditEvent, 'member' | 'tiers' | 'targetType'>;

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const listSeparator = () => (activeLocale() === 'en' ? ', ' : '、');
const colon = () => (activeLocale() === 'en' ? ': ' : '：');

/** A tier by its id: its name in the reader's language, or "a deleted level" once it is gone. */
function tierName(id: unknown, names: EventNames): string {
  const tier = typeof id === 'string' ? names.tiers?.[id] : undefined;
  return tier ? localizedName(tier.name, tier.nameZh, tier.nameCn) : t('activity.value.deletedTier');
}

/** A message's audience in words: everyone, one member, a segment, or the filter it used. */
function audienceInWords(audience: Record<string, unknown>, names: EventNames): string {
  if (audience.all === true) return t('messages.audience.all');
  if (typeof audience.memberId === 'string') return t('activity.value.oneMember');
  if (typeof audience.segmentId === 'string') return t('messages.audience.segment');
  if (audience.filter && typeof audience.filter === 'object') {
    return `${t('messages.audience.filter')}${colon()}${detailsInWords(audience.filter, 'filter', names)}`;
  }
  return detailsInWords(audience, '', names);
}

/** An object's fields as "label value" pairs, each value in words: never JSON. */
function detailsInWords(value: object, targetType: string, names: EventNames): string {
  const parts = Object.entries(value)
    .filter(([field, v]) => shownField(field) && v !== undefined && v !== null)
    .map(([field, v]) => `${fieldLabel(field, targetType)}${colon()}${shownValue(v, names, field)}`);
  return parts.length ? parts.join(activeLocale() === 'en' ? '; ' : '；') : t('messages.audience.all');
}

/**
 * A recorded value as one short line: nothing as a dash, codes and yes/no in words, tiers by name, dates and
 * time zones in the reader's language, other text and numbers as they are (they are the business's data), and
 * objects field by field in words (docs/design.md §10: log lines are data rendered in the reader's language).
 */
export function shownValue(value: unknown, names: EventNames = { targetType: '' }, field = ''): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) {
    return '—';
  }
  if (field === 'tierId' || field === 'fromTierId' || field === 'toTierId') return tierName(value, names);
  if (field === 'tierIds' && Array.isArray(value)) return value.map((id) => tierName(id, names)).join(listSeparator());
  // A key's scopes and a webhook's events are codes a developer types; the log names them in words.
  if (field === 'scopes' && Array.isArray(value)) return value.map((s) => scopeLabel(String(s))).join(listSeparator());
  if (field === 'events' && Array.isArray(value)) {
    return value.map((e) => webhookEventLabel(String(e))).join(listSeparator());
  }
  if (field === 'timeZone' && typeof value === 'string') return timeZoneName(value);
  if (field === 'language' && typeof value === 'string' && Object.hasOwn(LANGUAGE_NAMES, value)) {
    return LANGUAGE_NAMES[value as keyof typeof LANGUAGE_NAMES];
  }
  if (field === 'country' && typeof value === 'string') {
    return new Intl.DisplayNames([activeLocale()], { type: 'region', fallback: 'code' }).of(value) ?? value;
  }
  if (field === 'audience' && typeof value === 'object')
    return audienceInWords(value as Record<string, unknown>, names);
  if (field === 'quietHours' && typeof value === 'object' && 'from' in value && 'to' in value) {
    return `${String(value.from)}–${String(value.to)}`;
  }
  if (typeof value === 'boolean') return t(VALUE_LABELS[String(value)] as MessageKey);
  if (typeof value === 'string') {
    const key = Object.hasOwn(VALUE_LABELS, value) ? VALUE_LABELS[value] : undefined;
    if (key) return t(key);
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
    if (ISO_DATE.test(value)) return formatDate(value);
    return value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.map((item) => shownValue(item, names)).join(listSeparator());
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item && 'benefit' in item)) {
    return value.map((item) => String((item as { benefit: unknown }).benefit)).join(listSeparator());
  }
  if (typeof value === 'object' && value !== null && 'type' in value && 'points' in value) {
    return entryInWords(value);
  }
  if (Array.isArray(value)) return value.map((item) => shownValue(item, names)).join(listSeparator());
  if (typeof value === 'object' && value !== null) return detailsInWords(value, names.targetType, names);
  return String(value);
}

/** A ledger entry the trail recorded (type, points, amount, reason) in words: 消費 · 積分 125 · 金額 12.50. */
function entryInWords(entry: object): string {
  const { type, points, amount, reason, reasonCode } = entry as Record<string, unknown>;
  const parts = [shownValue(type), `${fieldLabel('points')} ${shownValue(points)}`];
  if (amount !== null && amount !== undefined) parts.push(`${fieldLabel('amount')} ${shownValue(amount)}`);
  const why = entryReason({ type, reason, reasonCode });
  if (why) parts.push(`${fieldLabel('reason')} ${why}`);
  return parts.join(' · ');
}
