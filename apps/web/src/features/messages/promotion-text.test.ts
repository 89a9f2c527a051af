import type { Promotion } from '@loyalty/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { translatorIn } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { linkablePromotions, promotionTexts, type TranslateIn } from './promotion-text';

const base: Promotion = {
  id: 'p-1',
  name: 'Spring',
  nameZh: null,
  nameCn: null,
  kind: 'MULTIPLIER',
  factor: 1.5,
  bonusPoints: null,
  minAmount: null,
  days: null,
  fromTime: null,
  toTime: null,
  validFrom: null,
  validTo: null,
  tierIds: [],
  branchIds: [],
  perMemberLimit: null,
  active: true,
  timesApplied: 0,
  pointsGiven: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const NOW = Date.parse('2026-11-29T04:00:00.000Z');
const context = { tiers: [], branches: [], timeZone: 'Asia/Hong_Kong', now: NOW };

describe('a promotion told in the three languages', () => {
  let translators: Record<Locale, TranslateIn>;
  beforeAll(async () => {
    const [en, zhHant, zhHans] = await Promise.all([
      translatorIn('en'),
      translatorIn('zh-Hant'),
      translatorIn('zh-Hans'),
    ]);
    translators = { en, 'zh-Hant': zhHant, 'zh-Hans': zhHans };
  });

  it('names a factor other than two or three, and a Simplified reader gets the Traditional name when alone', () => {
    expect(promotionTexts(translators, { ...base, nameZh: '春季' }, context)).toEqual({
      text: 'Spring: 1.5× points.',
      textZh: '春季：可獲 1.5 倍積分。',
      textCn: '春季：可获 1.5 倍积分。',
    });
  });

  it('counts bonus points with grouping, every day within hours, and a start and end in another year', () => {
    const texts = promotionTexts(
      translators,
      {
        ...base,
        kind: 'BONUS',
        factor: null,
        bonusPoints: 1000,
        days: ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'],
        fromTime: '22:00',
        toTime: '02:00',
        validFrom: '2027-01-31T16:00:00.000Z',
        validTo: '2027-03-01T16:00:00.000Z',
      },
      context,
    );
    expect(texts).toEqual({
      text: 'Spring: 1,000 bonus points every day, 22:00–02:00, from Feb 1, 2027 until Mar 1, 2027.',
      textZh: 'Spring：2027年2月1日至2027年3月1日，每日 22:00–02:00，可獲額外 1,000 積分。',
      textCn: 'Spring：2027年2月1日至2027年3月1日，每天 22:00–02:00，可获额外 1,000 积分。',
    });
  });

  it('keeps to 160 characters: the rule alone when the name would pass them', () => {
    const texts = promotionTexts(translators, { ...base, name: 'x'.repeat(150) }, context);
    expect(texts.text).toBe('1.5× points.');
  });

  it('offers only active promotions not over yet', () => {
    const list = [
      base,
      { ...base, id: 'off', active: false },
      { ...base, id: 'over', validTo: '2026-11-01T00:00:00.000Z' },
      { ...base, id: 'later', validTo: '2026-12-01T00:00:00.000Z' },
    ];
    expect(linkablePromotions(list, NOW).map((p) => p.id)).toEqual(['p-1', 'later']);
  });
});
