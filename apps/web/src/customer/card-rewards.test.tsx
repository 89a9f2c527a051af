import type { MemberReward } from '@loyalty/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { CardRewards } from './card-rewards';
import { claimReward } from './public-api';

vi.mock('./public-api', () => ({
  claimReward: vi.fn(async () => ({ claimCode: 'K7M2Q9XZ', expiresAt: new Date(Date.now() + 600_000).toISOString() })),
}));
vi.mock('./customer-firebase', () => ({ customerToken: async () => 'customer-token' }));

const reward = (overrides: Partial<MemberReward>): MemberReward => ({
  id: 'r-1',
  name: 'Free coffee',
  nameZh: '免費咖啡',
  nameCn: '免费咖啡',
  description: null,
  kind: 'FREE_ITEM',
  value: null,
  imageUrl: null,
  pointsCost: 100,
  available: false,
  pointsNeeded: 38,
  blockedBy: null,
  ...overrides,
});
const REWARDS = [
  reward({}),
  reward({
    id: 'r-2',
    name: '$5 off',
    nameZh: null,
    nameCn: null,
    kind: 'AMOUNT_OFF',
    value: 5,
    pointsCost: 50,
    available: true,
    pointsNeeded: 0,
  }),
  reward({ id: 'r-3', name: 'Mug', nameZh: '杯', nameCn: '杯', blockedBy: 'OUT_OF_STOCK', pointsNeeded: 0 }),
];

describe('the card’s rewards', () => {
  afterEach(() => setLocale('en'));

  it.each([
    ['en', '38 points to Free coffee', '$5.00 off · 50 points', 'Out of stock', 'Claim $5 off'],
    ['zh-Hant', '尚差 38 積分即可兌換免費咖啡', '減 $5.00 · 50 積分', '已換完', '領取$5 off'],
    ['zh-Hans', '还差 38 积分即可兑换免费咖啡', '减 $5.00 · 50 积分', '已兑完', '领取$5 off'],
  ] as const)('in %s shows each reward with its progress', async (locale, progress, offer, stock, claim) => {
    await setLocale(locale);
    render(<CardRewards slug="cafe" rewards={REWARDS} />);
    expect(screen.getByText(progress)).toBeInTheDocument();
    expect(screen.getByText(offer)).toBeInTheDocument();
    expect(screen.getByText(stock)).toBeInTheDocument();
    // Only what the member can have now has a claim button.
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([claim]);
  });

  it('claims on the phone and shows the single-use code with its time left', async () => {
    const user = userEvent.setup();
    render(<CardRewards slug="cafe" rewards={REWARDS} />);
    await user.click(screen.getByRole('button', { name: 'Claim $5 off' }));
    expect(claimReward).toHaveBeenCalledWith('cafe', 'r-2', 'customer-token');
    const shown = await screen.findByRole('status');
    expect(within(shown).getByTestId('claim-code')).toHaveTextContent('K7M2Q9XZ');
    expect(within(shown).getByText(/^Valid for (10:00|9:5\d) more; it can be used once$/)).toBeInTheDocument();
  });
});
