/** The pass's languages: English first (the spec's texts), then Traditional and Simplified Chinese (DESIGN §8). */
export const PASS_LANGUAGES = ['en', 'zh-Hant', 'zh-Hans'] as const;
export type PassLanguage = (typeof PASS_LANGUAGES)[number];

/** The default labels of the wallet settings (spec: data screens) and what they read in each language. */
export const DEFAULT_LABELS = {
  memberName: { en: 'Member Name', 'zh-Hant': '會員姓名', 'zh-Hans': '会员姓名' },
  membershipLevel: { en: 'Membership Level', 'zh-Hant': '會員等級', 'zh-Hans': '会员等级' },
  lastUpdate: { en: 'Last Update', 'zh-Hant': '最後更新', 'zh-Hans': '最后更新' },
  points: { en: 'Points', 'zh-Hant': '積分', 'zh-Hans': '积分' },
} as const;

/** Texts of our own on the pass. `%@` is where Wallet puts the new value of a changed field. */
export const PASS_TEXTS = {
  pointsChanged: { en: 'You now have %@ points', 'zh-Hant': '您現在有 %@ 積分', 'zh-Hans': '您现在有 %@ 积分' },
  tierChanged: {
    en: 'Your membership level is now %@',
    'zh-Hant': '您的會員等級現為 %@',
    'zh-Hans': '您的会员等级现为 %@',
  },
  membershipCode: { en: 'Membership Code', 'zh-Hant': '會員編號', 'zh-Hans': '会员编号' },
  about: { en: 'About', 'zh-Hant': '關於', 'zh-Hans': '关于' },
  description: { en: 'Membership card', 'zh-Hant': '會員卡', 'zh-Hans': '会员卡' },
} as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\x00-\x1f\x7f]/g;

/**
 * One `.lproj/pass.strings` file. passkit-generator writes values unescaped (DESIGN §8), so a quote or a line
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
