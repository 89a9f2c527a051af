import { formatMoney } from './format';
import { activeLocale, i18n, type MessageKey } from './i18n';

// Field messages come from the contracts' zod schemas and the API's answers, in English: those words are their stable
// code. The catalogues hold a translation for each (`text.<English words>`), and the few messages with a number or a
// name in them are matched here and rebuilt in the active language. Anything unknown shows as the server wrote it.
// Amounts come as plain en-US figures ("300.00"); they are shown as money the way the screens' hints show them
// (formatMoney, docs/design.md §8), in English too, so an error never reads "300.00" under a hint of "$300.00".
type Values = (match: RegExpExecArray) => Record<string, string | number>;

/**
 * The patterns whose one group is an amount: rebuilt in every language. English has no `pattern.` messages in its
 * built catalogue (build/lingui-catalog.ts), so there the figure is replaced in the server's own words.
 */
const MONEY_PATTERNS: [RegExp, MessageKey][] = [
  // A purchase beyond the business's limits (422 NEEDS_ADMIN) and a refund beyond what is left of the purchase.
  [/^A purchase above ([\d,.]+) must be recorded by an admin or the owner\.$/, 'pattern.needsAdmin'],
  [/^The refunds would exceed the purchase: at most ([\d,.]+) can still be refunded\.$/, 'pattern.refundExceeds'],
];

function moneyText(english: string): string | null {
  for (const [pattern, messageKey] of MONEY_PATTERNS) {
    const match = pattern.exec(english);
    const figure = match?.[1];
    if (!figure) continue;
    const amount = formatMoney(Number(figure.replaceAll(',', '')));
    return activeLocale() === 'en' ? english.replace(figure, amount) : i18n._(messageKey, { amount });
  }
  return null;
}

const PATTERNS: [RegExp, MessageKey, Values][] = [
  [/^At most (\d+) characters$/, 'pattern.atMostChars', (m) => ({ max: Number(m[1]) })],
  [/^At least ([\d,]+) points must be redeemed at a time$/, 'pattern.minRedeem', (m) => ({ points: m[1] ?? '' })],
  [/^At most ([\d,]+) points may be redeemed at a time$/, 'pattern.maxRedeem', (m) => ({ points: m[1] ?? '' })],
  [/^Not enough points: the member has ([\d,]+) to spend$/, 'pattern.notEnough', (m) => ({ points: m[1] ?? '' })],
  [
    /^The balance cannot go below zero: the member has ([\d,]+) to spend$/,
    'pattern.belowZero',
    (m) => ({ points: m[1] ?? '' }),
  ],
  [
    /^Not enough points: ([\d,]+) more are needed for this reward$/,
    'pattern.rewardPoints',
    (m) => ({ points: m[1] ?? '' }),
  ],
  [/^At most (\d+) benefits$/, 'pattern.atMostBenefits', (m) => ({ max: Number(m[1]) })],
  [/^The spend range overlaps the active membership "(.+)"$/, 'pattern.overlap', (m) => ({ name: m[1] ?? '' })],
  [
    /^This membership is held by (\d+) members?; move them to another membership first$/,
    'pattern.heldBy',
    (m) => ({ count: Number(m[1]) }),
  ],
  [/^The file is larger than (\d+) MiB$/, 'pattern.fileTooLarge', (m) => ({ size: Number(m[1]) })],
  [
    /^Only transactions of the last (\d+) minutes can be reversed\.$/,
    'pattern.reversalWindow',
    (m) => ({ minutes: Number(m[1]) }),
  ],
  // A purchase beyond the business's limits (422 POINTS_CAP, DAILY_LIMIT) and a refund's refusal.
  [/^A purchase may earn at most ([\d,]+) points\.$/, 'pattern.pointsCap', (m) => ({ points: m[1] ?? '' })],
  [
    /^This member already has ([\d,]+) purchases today, the most a day allows\.$/,
    'pattern.dailyLimit',
    (m) => ({ count: m[1] ?? '' }),
  ],
  [
    /^Only purchases of the last (\d+) days can be refunded\.$/,
    'pattern.refundWindow',
    (m) => ({ days: Number(m[1]) }),
  ],
];

/** An English message from the contracts or the API, in the active language when the catalogues know it. */
export function translateText(english: string): string {
  if (!english) return english;
  const money = moneyText(english);
  if (money !== null) return money;
  if (activeLocale() === 'en') return english;
  const key = `text.${english}`;
  if (key in i18n.messages) return i18n._(key);
  for (const [pattern, messageKey, values] of PATTERNS) {
    const match = pattern.exec(english);
    if (match) return i18n._(messageKey, values(match));
  }
  return english;
}
