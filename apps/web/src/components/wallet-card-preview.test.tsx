import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { type PreviewSettings, WalletCardPreview } from './wallet-card-preview';

const settings = (overrides: Partial<PreviewSettings> = {}): PreviewSettings => ({
  ...PASS_SETTINGS_DEFAULTS,
  heroText: 'Bakery Rewards',
  lblPoints: 'Bread Points',
  images: { logo: '', strip: '', background: '' },
  ...overrides,
});
const field = (id: string) => screen.getByTestId(id).textContent;

describe('wallet card preview in each language', () => {
  afterEach(() => setLocale('en'));

  it('shows the spec’s sample member and the business’s labels in English', () => {
    render(<WalletCardPreview settings={settings()} />);
    expect(field('pass-member')).toBe('Member NameJohn Doe');
    expect(field('pass-level')).toBe('Membership LevelGold');
    expect(field('pass-last-update')).toBe('Last UpdateJan 1, 2024');
    expect(field('pass-points')).toBe('Bread Points1,250');
  });

  it('zh-Hant: the Chinese labels (the business’s own, else the product’s) and a Chinese sample member', async () => {
    await setLocale('zh-Hant');
    render(<WalletCardPreview settings={settings({ lblMemberNameZh: '顧客' })} />);
    expect(field('pass-member')).toBe('顧客陳大文');
    expect(field('pass-level')).toBe('會員等級金卡');
    expect(field('pass-last-update')).toBe('最後更新2024年1月1日');
    // The English "Bread Points" is not shown on a Chinese pass: the product's word is.
    expect(field('pass-points')).toBe('積分1,250');
  });

  it('zh-Hans: the same in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    render(<WalletCardPreview settings={settings({ lblPointsCn: '面包积分' })} />);
    expect(field('pass-member')).toBe('会员姓名陈大文');
    expect(field('pass-level')).toBe('会员等级金卡');
    expect(field('pass-last-update')).toBe('最后更新2024年1月1日');
    expect(field('pass-points')).toBe('面包积分1,250');
  });
});
