import { PASS_LABEL_TRANSLATIONS, type PassLabelField, type PassSettings, passLabelIn } from '@loyalty/contracts';

/** The pass's languages: English first (the spec's texts), then Traditional and Simplified Chinese (docs/design.md §8). */
export const PASS_LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type PassLanguage = (typeof PASS_LANGUAGES)[number];

/** The default labels of the wallet settings (spec: data screens) and what they read in each language. */
const DEFAULT_LABELS = {
  memberName: PASS_LABEL_TRANSLATIONS.lblMemberName,
  membershipLevel: PASS_LABEL_TRANSLATIONS.lblMembershipLvl,
  lastUpdate: PASS_LABEL_TRANSLATIONS.lblLastUpdate,
  points: PASS_LABEL_TRANSLATIONS.lblPoints,
} as const;

type LabelName = keyof typeof DEFAULT_LABELS;

/** Each label's field in the pass settings. */
const LABEL_FIELDS = {
  memberName: 'lblMemberName',
  membershipLevel: 'lblMembershipLvl',
  lastUpdate: 'lblLastUpdate',
  points: 'lblPoints',
} as const satisfies Record<LabelName, PassLabelField>;

/** A label in every language of the pass (the contracts' rule: passLabelIn). */
export function passLabel(design: PassSettings, name: LabelName): Record<PassLanguage, string> {
  const field = LABEL_FIELDS[name];
  return {
    en: passLabelIn(design, field, 'en'),
    'zh-Hant': passLabelIn(design, field, 'zh-Hant'),
    'zh-Hans': passLabelIn(design, field, 'zh-Hans'),
  };
}

/** Texts of our own on the pass. `%@` is where Wallet puts the new value of a changed field. */
export const PASS_TEXTS = {
  /** The stamp card (docs/design.md §10): its `3/8` field, its lock-screen notice, and a full card's. */
  stamps: { en: 'Stamps', 'zh-Hant': '印花', 'zh-Hans': '印章' },
  stampsChanged: { en: 'Stamps: %@', 'zh-Hant': '印花：%@', 'zh-Hans': '印章：%@' },
  cardsCompleted: { en: 'Cards completed', 'zh-Hant': '已集滿的卡', 'zh-Hans': '已集满的卡' },
  cardCompleted: {
    en: 'Card %@ is full: your reward is ready',
    'zh-Hant': '第 %@ 張印花卡已集滿，獎賞已準備好',
    'zh-Hans': '第 %@ 张集章卡已集满，奖励已准备好',
  },
  pointsChanged: { en: 'You now have %@ points', 'zh-Hant': '您現在有 %@ 積分', 'zh-Hans': '您现在有 %@ 积分' },
  /** English's singular, chosen by the value the pass carries (Wallet fills `%@` with that value). */
  pointsChangedOne: { en: 'You now have %@ point' },
  tierChanged: {
    en: 'Your membership level is now %@',
    'zh-Hant': '您的會員等級現為 %@',
    'zh-Hans': '您的会员等级现为 %@',
  },
  /** The "expiring" field (expiryWarningDays): its label with the date, and its lock-screen notice. */
  expiringLabel: { en: 'Expiring %d', 'zh-Hant': '%d 到期', 'zh-Hans': '%d 到期' },
  /** Google's points beside the balance carry a short label (Google: about 9 characters), the date goes below. */
  expiringShort: { en: 'Expiring', 'zh-Hant': '即將到期', 'zh-Hans': '即将到期' },
  expiringChanged: {
    en: '%@ points expire on %d',
    'zh-Hant': '%@ 積分將於 %d 到期',
    'zh-Hans': '%@ 积分将于 %d 到期',
  },
  /** The notice with a count of one, where we fill the count (a message, Google's text). */
  expiringChangedOne: { en: '%@ point expires on %d' },
  membershipCode: { en: 'Membership Code', 'zh-Hant': '會員編號', 'zh-Hans': '会员编号' },
  about: { en: 'About', 'zh-Hant': '關於', 'zh-Hans': '关于' },
  news: { en: 'Latest news', 'zh-Hant': '最新消息', 'zh-Hans': '最新消息' },
  description: { en: 'Membership card', 'zh-Hant': '會員卡', 'zh-Hans': '会员卡' },
  rewards: { en: 'Rewards you can have', 'zh-Hant': '您可兌換的獎賞', 'zh-Hans': '您可兑换的奖励' },
} as const;

/**
 * The expiring field's label and notice in every language, the date in the business's time zone. With `points`
 * the notice reads in that count's grammar ("1 point expires", "2 points expire"; Chinese has no plural) and
 * the count is filled in (Google's text, a message), unless `keepPlaceholder`: Apple's changeMessage keeps `%@`
 * for Wallet to fill with the field's value, which is that same count.
 */
export function expiringTexts(expiresAt: Date, timeZone: string, points?: number, keepPlaceholder = false) {
  const texts = (lang: PassLanguage) => {
    const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone }).format(expiresAt);
    const template =
      points === 1 && lang === 'en' ? PASS_TEXTS.expiringChangedOne.en : PASS_TEXTS.expiringChanged[lang];
    const notice = template.replace('%d', date);
    return {
      label: PASS_TEXTS.expiringLabel[lang].replace('%d', date),
      notice: points === undefined || keepPlaceholder ? notice : notice.replace('%@', points.toLocaleString('en-US')),
    };
  };
  return { en: texts('en'), 'zh-Hant': texts('zh-Hant'), 'zh-Hans': texts('zh-Hans') };
}

/** Apple's notice of a new balance in `lang`, in the grammar of the balance the pass carries (`%@` is that value). */
export function pointsChangedText(lang: PassLanguage, points: number): string {
  return lang === 'en' && Math.abs(points) === 1 ? PASS_TEXTS.pointsChangedOne.en : PASS_TEXTS.pointsChanged[lang];
}

/** The pass's back list of rewards the member can afford, one a line: "Free coffee: 100 points". */
export function rewardLines(
  rewards: readonly { name: string; nameZh: string | null; nameCn: string | null; pointsCost: number }[],
  lang: PassLanguage,
): string {
  return rewards
    .map((r) => {
      const points = r.pointsCost.toLocaleString('en-US');
      if (lang === 'zh-Hant') return `${r.nameZh || r.name}：${points} 積分`;
      // Simplified readers read the Traditional name before the English one (zh-Hans → zh-Hant → en).
      if (lang === 'zh-Hans') return `${r.nameCn || r.nameZh || r.name}：${points} 积分`;
      return `${r.name}: ${points} ${r.pointsCost === 1 ? 'point' : 'points'}`;
    })
    .join('\n');
}

const HAN_END = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]$/u;
const HAN_START = /^[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

/** Two phrases side by side: no space between two Chinese ones (港灣麵包坊會員卡), one otherwise (Harbour Bakery 會員卡). */
export function besideEachOther(first: string, second: string): string {
  return HAN_END.test(first) && HAN_START.test(second) ? `${first}${second}` : `${first} ${second}`;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/g;

/**
 * One `.lproj/pass.strings` file. passkit-generator writes values unescaped (docs/design.md §8), so a quote or a line
 * break in a tier name would end the string early: backslash, quote and control characters are escaped here
 * as the strings-file format reads them.
 */
export function passStrings(entries: Record<string, string>): Buffer {
  const escaped = (text: string) =>
    text
      .replace(/\\/g, '\\\\')
      .replace(/"/g, '\\"')
      .replace(/\n/g, '\\n')
      .replace(/\r/g, '\\r')
      .replace(/\t/g, '\\t')
      // Other control characters have no business on a card.
      .replace(CONTROL, ' ');
  const lines = Object.entries(entries).map(([key, value]) => `"${escaped(key)}" = "${escaped(value)}";`);
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8');
}
