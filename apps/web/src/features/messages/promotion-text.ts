import { MESSAGE_TEXT_MAX, type Promotion, WEEKDAYS, type Weekday } from '@loyalty/contracts';
import type { MessageKey, MessageValues } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';

export type TranslateIn = (key: MessageKey, values?: MessageValues) => string;
type Named = { id: string; name: string; nameZh?: string | null; nameCn?: string | null };
export type PromotionTexts = { text: string; textZh: string; textCn: string };

const DAY_KEYS: Record<Weekday, MessageKey> = {
  MON: 'messages.promotionText.dayMon',
  TUE: 'messages.promotionText.dayTue',
  WED: 'messages.promotionText.dayWed',
  THU: 'messages.promotionText.dayThu',
  FRI: 'messages.promotionText.dayFri',
  SAT: 'messages.promotionText.daySat',
  SUN: 'messages.promotionText.daySun',
};

type Piece = 'reward' | 'tiers' | 'branches' | 'minAmount' | 'when' | 'dates';
/**
 * How each language strings the rule's parts together: English leads with what the member gets ("double points for
 * Gold members on Tuesdays, 14:00–17:00, until Dec 31"); Chinese says when, where and who first and what they get
 * last, comma after comma (逢星期二 14:00–17:00，可獲雙倍積分).
 */
const LAYOUT: Record<Locale, { groups: Piece[][]; inner: string; outer: string }> = {
  en: { groups: [['reward', 'tiers', 'branches', 'minAmount', 'when'], ['dates']], inner: ' ', outer: ', ' },
  'zh-Hant': {
    groups: [['dates'], ['when'], ['branches'], ['tiers'], ['minAmount'], ['reward']],
    inner: '',
    outer: '，',
  },
  'zh-Hans': {
    groups: [['dates'], ['when'], ['branches'], ['tiers'], ['minAmount'], ['reward']],
    inner: '',
    outer: '，',
  },
};

/** A name in `locale`: the Chinese names when given (Simplified falls back to Traditional), else the name as typed. */
function nameIn(locale: Locale, { name, nameZh, nameCn }: Omit<Named, 'id'>): string {
  if (locale === 'zh-Hant' && nameZh?.trim()) return nameZh;
  if (locale === 'zh-Hans' && nameCn?.trim()) return nameCn;
  if (locale === 'zh-Hans' && nameZh?.trim()) return nameZh;
  return name;
}

const list = (locale: Locale, items: string[]) =>
  new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);

/** The portal's dollar amounts (tenants set no currency), without decimals when whole: "$200", "$49.50". */
const money = (locale: Locale, amount: number) =>
  `$${new Intl.NumberFormat(locale, { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 }).format(amount)}`;

/** A day in the business's time zone, the year only when it is not this one: "Dec 31", "12月31日". */
function day(locale: Locale, instant: number, timeZone: string, now: number): string {
  const year = (at: number) => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(at);
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    ...(year(instant) === year(now) ? {} : { year: 'numeric' }),
    timeZone,
  }).format(instant);
}

export type PromotionContext = {
  tiers: readonly Named[];
  branches: readonly Named[];
  /** The business's time zone, the one the promotion's dates and hours are read in. */
  timeZone: string;
  now?: number;
};

/** The promotion's rule in one language: what a member gets, who, where, on what, when, until when. */
function ruleIn(locale: Locale, t: TranslateIn, promotion: Promotion, context: PromotionContext): string {
  const now = context.now ?? Date.now();
  const pieces: Partial<Record<Piece, string>> = {};
  const factor = promotion.factor ?? 1;
  pieces.reward =
    promotion.kind === 'BONUS'
      ? t('messages.promotionText.bonus', {
          count: promotion.bonusPoints ?? 0,
          points: new Intl.NumberFormat(locale).format(promotion.bonusPoints ?? 0),
        })
      : factor === 2
        ? t('messages.promotionText.double')
        : factor === 3
          ? t('messages.promotionText.triple')
          : t('messages.promotionText.times', { factor: new Intl.NumberFormat(locale).format(factor) });
  const named = (ids: string[], all: readonly Named[]) =>
    ids.flatMap((id) => {
      const found = all.find((item) => item.id === id);
      return found ? [nameIn(locale, found)] : [];
    });
  const tiers = named(promotion.tierIds, context.tiers);
  if (tiers.length) pieces.tiers = t('messages.promotionText.tiers', { tiers: list(locale, tiers) });
  const branches = named(promotion.branchIds, context.branches);
  if (branches.length) pieces.branches = t('messages.promotionText.branches', { branches: list(locale, branches) });
  if (promotion.minAmount) {
    pieces.minAmount = t('messages.promotionText.minAmount', { amount: money(locale, promotion.minAmount) });
  }
  // Every day of the week says nothing a rule without days does not.
  const days =
    promotion.days && promotion.days.length < WEEKDAYS.length
      ? list(
          locale,
          promotion.days.map((d) => t(DAY_KEYS[d])),
        )
      : null;
  const hours = promotion.fromTime && promotion.toTime ? { from: promotion.fromTime, to: promotion.toTime } : null;
  if (days && hours) pieces.when = t('messages.promotionText.daysHours', { days, ...hours });
  else if (days) pieces.when = t('messages.promotionText.days', { days });
  else if (hours) pieces.when = t('messages.promotionText.hours', hours);
  // A start already passed is not news; the end is the last day it applies (validTo itself is excluded, §10).
  const from = promotion.validFrom && Date.parse(promotion.validFrom) > now ? Date.parse(promotion.validFrom) : null;
  const to = promotion.validTo ? Date.parse(promotion.validTo) - 1 : null;
  const on = (at: number) => day(locale, at, context.timeZone, now);
  if (from !== null && to !== null)
    pieces.dates = t('messages.promotionText.fromUntil', { from: on(from), to: on(to) });
  else if (from !== null) pieces.dates = t('messages.promotionText.from', { date: on(from) });
  else if (to !== null) pieces.dates = t('messages.promotionText.until', { date: on(to) });

  const { groups, inner, outer } = LAYOUT[locale];
  return groups
    .map((group) => group.flatMap((piece) => (pieces[piece] ? [pieces[piece]] : [])).join(inner))
    .filter(Boolean)
    .join(outer);
}

/** A message's text about the promotion in one language: its name and its rule, or the rule alone when too long. */
function textIn(locale: Locale, t: TranslateIn, promotion: Promotion, context: PromotionContext): string {
  const rule = ruleIn(locale, t, promotion, context);
  const full = t('messages.promotionText.sentence', { name: nameIn(locale, promotion), rule });
  if (full.length <= MESSAGE_TEXT_MAX) return full;
  return t('messages.promotionText.ruleOnly', { rule: rule.charAt(0).toUpperCase() + rule.slice(1) });
}

/** The three texts of a message announcing `promotion`, each in its language, from its names and its rule. */
export function promotionTexts(
  translators: Record<Locale, TranslateIn>,
  promotion: Promotion,
  context: PromotionContext,
): PromotionTexts {
  return {
    text: textIn('en', translators.en, promotion, context),
    textZh: textIn('zh-Hant', translators['zh-Hant'], promotion, context),
    textCn: textIn('zh-Hans', translators['zh-Hans'], promotion, context),
  };
}

/** The promotions worth announcing: active and not over yet. */
export const linkablePromotions = (promotions: readonly Promotion[], now = Date.now()) =>
  promotions.filter((p) => p.active && (!p.validTo || Date.parse(p.validTo) > now));
