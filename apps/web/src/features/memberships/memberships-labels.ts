import type { Membership } from '@loyalty/contracts';
import { ApiError } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { activeLocale, type MessageKey, t } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { translateText } from '@/lib/i18n/translate-text';

/** The memberships screen's fixed texts, as catalogue keys (translated where they are shown). */
export const MEMBERSHIPS_TEXT = {
  title: 'memberships.title',
  subtitle: 'memberships.subtitle',
  add: 'memberships.add',
  empty: 'memberships.empty',
  loadError: 'memberships.loadError',
  createTitle: 'memberships.createTitle',
  editTitle: 'memberships.editTitle',
  deleteTitle: 'memberships.deleteTitle',
  deleteText: 'memberships.deleteText',
} as const satisfies Record<string, MessageKey>;

/** Whole amounts without decimals ($1,000), others with two ($4,999.99), in the active language. */
const amount = (value: number) => (Number.isInteger(value) ? `$${formatNumber(value)}` : formatMoney(value));

/** "$1,000 - $4,999.99", or "$5,000 - ∞" when there is no max (spec: $ symbol, infinity). */
export function spendRange(min: number | null, max: number | null): string {
  return `${amount(min ?? 0)} - ${max === null ? '∞' : amount(max)}`;
}

/** A discount as the active language writes it, keeping up to two decimals (12.5%). */
export function percent(value: number | null): string {
  const n = value ?? 0;
  // formatMoney's figures without its dollar sign, the trailing zero dropped (12.50 → 12.5).
  const shown = Number.isInteger(n) ? formatNumber(n) : formatMoney(n).slice(1).replace(/0$/, '');
  return `${shown}%`;
}

/**
 * The tier's name and description in the reader's language: zh-Hant shows the Traditional fields, zh-Hans the
 * Simplified ones, each falling back to the English text when empty.
 */
export function tierTexts(tier: Membership): { name: string; description: string | null; benefits: string[] } {
  const description = tier.description ?? '';
  const locale = activeLocale();
  // The benefits in the reader's script when the tier gives them, the English ones otherwise.
  const chinese = locale === 'zh-Hant' ? tier.benefitsZh : locale === 'zh-Hans' ? tier.benefitsCn : [];
  return {
    name: localizedName(tier.name, tier.nameZh, tier.nameCn),
    description: localizedName(description, tier.descriptionZh, tier.descriptionCn) || null,
    benefits: (chinese.length > 0 ? chinese : tier.benefits).map((b) => b.benefit),
  };
}

/** The fixed failure text of docs/spec/data-screens.md §8, followed by what the server said when it said something. */
export function failureText(error: unknown): string {
  const base = error instanceof Error ? error.message : t('common.unknownError');
  const cause = error instanceof Error ? error.cause : undefined;
  const server = cause instanceof ApiError ? cause.serverMessage : undefined;
  return server ? t('memberships.failure', { base, server: translateText(server) }) : base;
}
