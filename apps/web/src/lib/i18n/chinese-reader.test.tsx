import type { CounterMember, PublicJoinInfo } from '@loyalty/contracts';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Identity } from '@/app/nav-user-identity';
import { DetailsForm } from '@/customer/details-form';
import { MemberPanel } from '@/features/counter/components/member-panel';
import { setLocale, t } from './i18n';
import { timeZoneLabels, timeZoneName } from './time-zone-names';

vi.mock('@/customer/public-api', () => ({ postJoin: vi.fn() }));
vi.mock('@/customer/customer-firebase', () => ({ customerToken: async () => 'customer-token' }));

const JOIN: PublicJoinInfo = {
  slug: 'harbour',
  storeName: 'Harbour',
  logoUrl: null,
  backgroundColor: '#111111',
  foregroundColor: '#ffffff',
  labelColor: '#eeeeee',
  requireEmail: false,
  termsUrl: '',
  allowedCountries: [],
  welcomePoints: 0,
};

const MEMBER: CounterMember = {
  userId: 'm-1',
  firstName: '美玲',
  lastName: '黃',
  email: null,
  phone: '+85291110000',
  membershipCode: 'M000001',
  membershipLevelName: 'Gold',
  tierId: 't-gold',
  pointsBalance: 1,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  tier: { id: 't-gold', name: 'Gold', color: '#d4af37', nameZh: '金卡', nameCn: null },
  tierPinned: false,
  lifetimeSpend: 50,
  nextTier: null,
  expiringNext: { points: 1, expiresAt: '2027-03-01T00:00:00.000Z' },
  redeemTerms: null,
  earnTerms: null,
} as unknown as CounterMember;

/** What a reader of Chinese sees where a person, a figure, a time zone or a tier is named (docs/glossary.md). */
describe('a Chinese reader', () => {
  afterEach(() => setLocale('en'));

  it('sees a Chinese name with its family name as the avatar, a Latin one with two initials', () => {
    const { container, rerender } = render(<Identity name="黃美玲" email="may@example.test" />);
    expect(container.querySelector('[data-slot="avatar-fallback"]')?.textContent).toBe('黃');
    expect(screen.getByText('黃美玲')).toBeInTheDocument();
    rerender(<Identity name="Ada Owner" email="ada@example.test" />);
    expect(container.querySelector('[data-slot="avatar-fallback"]')?.textContent).toBe('AO');
  });

  it.each([
    ['zh-Hant', ['姓氏', '名字']],
    ['zh-Hans', ['姓', '名']],
    ['en', ['Last name', 'First name']],
  ] as const)('%s: the join form asks the names in the reader’s order', async (locale, [family, given]) => {
    await setLocale(locale);
    render(<DetailsForm slug="harbour" info={JOIN} onSignedOut={vi.fn()} />);
    const familyField = screen.getByLabelText(new RegExp(`^${family}`));
    const givenField = screen.getByLabelText(new RegExp(`^${given}`));
    const familyFirst = familyField.compareDocumentPosition(givenField) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(Boolean(familyFirst)).toBe(locale !== 'en');
  });

  it.each([
    ['zh-Hant', '有效會員', '香港標準時間'],
    ['zh-Hans', '有效会员', '香港标准时间'],
    ['en', 'Active Memberships', 'Hong Kong Standard Time'],
  ] as const)('%s: the members figure and the time zone in words', async (locale, figure, zone) => {
    await setLocale(locale);
    await import('./i18n').then((m) => m.loadWorkspaceMessages());
    expect(t('dashboard.activeMemberships')).toBe(figure);
    expect(timeZoneName('Asia/Hong_Kong')).toBe(zone);
    // Zones sharing a name are told apart; none is shown as its id.
    const labels = timeZoneLabels(['Europe/Paris', 'Europe/Berlin', 'Asia/Hong_Kong', 'UTC']);
    expect(new Set(labels.values()).size).toBe(4);
    for (const label of labels.values()) expect(label).not.toMatch(/\//);
  });

  it.each([
    ['zh-Hant', '金卡', '1 分，於'],
    // Only the Traditional name was given: Simplified readers read it before the English one.
    ['zh-Hans', '金卡', '1 分，于'],
    ['en', 'Gold', '1 point on'],
  ] as const)(
    '%s: the counter names the tier in the reader’s script and counts one point',
    async (locale, tier, one) => {
      await setLocale(locale);
      await import('./i18n').then((m) => m.loadWorkspaceMessages());
      render(<MemberPanel member={MEMBER} />);
      expect(screen.getByText(tier)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: '黃美玲' })).toBeInTheDocument();
      expect(document.body.textContent).toContain(one);
    },
  );
});
