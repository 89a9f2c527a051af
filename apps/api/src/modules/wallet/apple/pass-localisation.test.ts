import { describe, expect, it } from 'vitest';
import { type PassOnPhone, passOnPhone } from '../../../../test/support/apple-wallet';
import { passStrings } from '../pass-strings';
import { localisePass, type StringTables } from './pass-localisation';

/** A pass with keys as pass-builder writes it, and the three languages' texts for them. */
const card = (store: string) => ({
  description: 'pass.description',
  organizationName: 'Harbour Bakery',
  storeCard: {
    headerFields: [{ key: 'points', label: 'label.points', value: 120, changeMessage: 'change.points' }],
    secondaryFields: [{ key: 'tier', label: 'label.membershipLevel', value: 'tier.name' }],
    backFields: [
      { key: 'about', label: 'label.about', value: store },
      { key: 'news', label: 'label.news', value: 'Double points', changeMessage: '%@' },
    ],
  },
});
const tables = (tier: Record<'en' | 'zh-Hant' | 'zh-Hans', string>): StringTables => ({
  en: {
    'pass.description': 'Harbour Bakery Membership card',
    'label.points': 'Points',
    'change.points': 'You now have %@ points',
    'label.membershipLevel': 'Level',
    'tier.name': tier.en,
    'label.about': 'About',
    'label.news': 'Latest news',
  },
  'zh-Hant': {
    'pass.description': 'Harbour Bakery 會員卡',
    'label.points': '積分',
    'change.points': '您現在有 %@ 積分',
    'label.membershipLevel': '會員等級',
    'tier.name': tier['zh-Hant'],
    'label.about': '關於',
    'label.news': '最新消息',
  },
  'zh-Hans': {
    'pass.description': 'Harbour Bakery 会员卡',
    'label.points': '积分',
    'change.points': '您现在有 %@ 积分',
    'label.membershipLevel': '会员等级',
    'tier.name': tier['zh-Hans'],
    'label.about': '关于',
    'label.news': '最新消息',
  },
});

/** The localised pass as files, then as a phone in each language shows it. */
function phones(pass: object, strings: StringTables, business: 'en' | 'zh-Hant' | 'zh-Hans') {
  const out = localisePass(pass as Record<string, unknown>, strings, business);
  const files: Record<string, Buffer> = { 'pass.json': Buffer.from(JSON.stringify(out.pass)) };
  for (const lang of ['en', 'zh-Hant', 'zh-Hans'] as const) {
    files[`${lang}.lproj/pass.strings`] = passStrings(out.strings[lang]);
  }
  const on = (device: string) => passOnPhone(files, device);
  return { json: out.pass, on };
}
const texts = (pass: PassOnPhone) => {
  const fields = Object.values(pass.storeCard).flat();
  return [pass.description, ...fields.flatMap((f) => [f?.label, f?.value, f?.changeMessage])];
};

describe('a pass in the business language, translated by pass.strings', () => {
  it('writes no key into pass.json: a phone in another language reads the business language', () => {
    const { json, on } = phones(
      card('Open daily'),
      tables({ en: 'Gold', 'zh-Hant': '金卡', 'zh-Hans': '金卡' }),
      'zh-Hant',
    );
    expect(JSON.stringify(json)).not.toMatch(/"(label|change|tier|pass)\.[a-zA-Z.]+"/);
    const japanese = on('ja');
    expect(texts(japanese).filter((t) => typeof t === 'string' && /^[a-z]+\.[a-zA-Z.]+$/.test(t))).toEqual([]);
    expect(japanese.storeCard.headerFields?.[0]).toMatchObject({ label: '積分', changeMessage: '您現在有 %@ 積分' });
    expect(japanese.storeCard.secondaryFields?.[0]).toMatchObject({ label: '會員等級', value: '金卡' });
    expect(on('en-GB').storeCard.headerFields?.[0]).toMatchObject({
      label: 'Points',
      changeMessage: 'You now have %@ points',
    });
    expect(on('zh-CN').storeCard.secondaryFields?.[0]).toMatchObject({ label: '会员等级', value: '金卡' });
  });

  it('keeps two entries with one business text and different translations apart, with a zero-width space', () => {
    // A tier named like the points label: "Points" is 積分 as a label, 尊尚 as the tier.
    const { json, on } = phones(
      card('Open daily'),
      tables({ en: 'Points', 'zh-Hant': '尊尚', 'zh-Hans': '尊尚' }),
      'en',
    );
    const tier = (json.storeCard as { secondaryFields: { value: string }[] }).secondaryFields[0]?.value;
    expect(tier).toBe('Points\u200b');
    const hant = on('zh-Hant');
    expect([hant.storeCard.headerFields?.[0]?.label, hant.storeCard.secondaryFields?.[0]?.value]).toEqual([
      '積分',
      '尊尚',
    ]);
    const japanese = on('ja');
    expect([japanese.storeCard.headerFields?.[0]?.label, japanese.storeCard.secondaryFields?.[0]?.value]).toEqual([
      'Points',
      'Points',
    ]);
  });

  it('shares one entry when the texts and translations are the same, and never translates a literal', () => {
    // The store's text is "About", the about label's English: the store's own words stay as written.
    const { json, on } = phones(card('About'), tables({ en: 'Gold', 'zh-Hant': '金卡', 'zh-Hans': '金卡' }), 'en');
    const about = (json.storeCard as { backFields: { label: string; value: string }[] }).backFields[0];
    expect(about).toMatchObject({ label: 'About\u200b', value: 'About' });
    expect(on('zh-Hant').storeCard.backFields?.[0]).toMatchObject({ label: '關於', value: 'About' });
    expect(on('zh-Hans').storeCard.backFields?.[1]).toMatchObject({ label: '最新消息', value: 'Double points' });
    // The news' changeMessage `%@` is no entry: Wallet puts the new text in as it is.
    expect(on('zh-Hant').storeCard.backFields?.[1]?.changeMessage).toBe('%@');
  });
});
