import type { MemberReward, PublicCard } from '@loyalty/contracts';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { CardPage } from './card-page';
import { claimReward, fetchCard } from './public-api';

vi.mock('./customer-firebase', () => ({ customerToken: async () => 'customer-token', signOutCustomer: vi.fn() }));
// The barcode draws on a canvas, which jsdom lacks; the codes have tests of their own in the browser.
vi.mock('./card-codes', () => ({ CardCodes: () => null }));
vi.mock('./privacy-api', () => ({ fetchConsents: vi.fn(async () => ({ marketingOptIn: true })) }));
vi.mock('./public-api', () => ({
  fetchCard: vi.fn(),
  claimReward: vi.fn(async () => ({ claimCode: 'K7M2Q9XZ', expiresAt: new Date(Date.now() + 600_000).toISOString() })),
  inlinedJoinInfo: () => null,
  takeJoinInfo: async () => ({
    slug: 'cafe',
    storeName: 'Cafe',
    logoUrl: null,
    backgroundColor: '#1f2937',
    foregroundColor: '#ffffff',
    labelColor: '#d1d5db',
    requireEmail: false,
    termsUrl: '',
    allowedCountries: [],
    welcomePoints: 0,
  }),
}));
/** The card's event stream: the test says when a change event arrives. */
const stream = vi.hoisted(() => ({ onEvent: null as null | ((e: { event: string; data: unknown }) => void) }));
vi.mock('@/lib/event-stream', () => ({
  followEventStream: (opts: { onEvent: (e: { event: string; data: unknown }) => void }) => {
    stream.onEvent = opts.onEvent;
  },
}));

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
  available: true,
  pointsNeeded: 0,
  blockedBy: null,
  ...overrides,
});
const card = (overrides: Partial<PublicCard> = {}): PublicCard => ({
  firstName: 'Mei',
  lastName: 'Wong',
  membershipCode: 'M-0001',
  tier: null,
  pointsBalance: 250,
  nextTier: null,
  expiringNext: null,
  history: [],
  appleUrl: '/pass',
  googleSaveUrl: null,
  rewards: [reward({})],
  claims: [],
  latestMessage: { text: '雙倍積分，本週六', sentAt: '2026-11-20T02:00:00.000Z' },
  stampCard: null,
  ...overrides,
});

/** A change event on the card's stream, and the card read again after it. */
async function change(next: PublicCard) {
  vi.mocked(fetchCard).mockResolvedValue(next);
  await act(async () => stream.onEvent?.({ event: 'change', data: { topics: ['members'] } }));
}

describe('the card page', () => {
  beforeEach(() => {
    stream.onEvent = null;
    vi.mocked(fetchCard).mockReset();
    vi.mocked(claimReward).mockClear();
  });
  afterEach(() => setLocale('en'));

  it.each([
    ['en', 'Latest news'],
    ['zh-Hant', '最新消息'],
    ['zh-Hans', '最新消息'],
  ] as const)('in %s shows the latest message sent to the member under its heading', async (locale, heading) => {
    await setLocale(locale);
    vi.mocked(fetchCard).mockResolvedValue(card());
    render(<CardPage slug="cafe" />);
    const news = await screen.findByRole('region', { name: heading });
    expect(within(news).getByText('雙倍積分，本週六')).toBeInTheDocument();
  });

  it('shows no news section before any message', async () => {
    vi.mocked(fetchCard).mockResolvedValue(card({ latestMessage: null }));
    render(<CardPage slug="cafe" />);
    await screen.findByText('Free coffee');
    expect(screen.queryByRole('region', { name: 'Latest news' })).toBeNull();
  });

  it('follows its stream: a new message and a new reward appear, a used code leaves at once', async () => {
    const user = userEvent.setup();
    vi.mocked(fetchCard).mockResolvedValue(card());
    render(<CardPage slug="cafe" />);
    await user.click(await screen.findByRole('button', { name: 'Claim Free coffee' }));
    expect(await screen.findByTestId('claim-code')).toHaveTextContent('K7M2Q9XZ');
    const claim = { claimCode: 'K7M2Q9XZ', rewardId: 'r-1', expiresAt: new Date().toISOString() };

    // Something else changed (points): the code, not used yet, stays; a new reward and message show.
    await change(
      card({
        claims: [{ ...claim, used: false }],
        rewards: [reward({}), reward({ id: 'r-2', name: 'Cake', nameZh: '蛋糕', nameCn: '蛋糕' })],
        latestMessage: { text: 'New cakes today', sentAt: '2026-11-21T02:00:00.000Z' },
      }),
    );
    expect(screen.getByTestId('claim-code')).toHaveTextContent('K7M2Q9XZ');
    expect(screen.getByText('Cake')).toBeInTheDocument();
    expect(screen.getByTestId('card-news')).toHaveTextContent('New cakes today');

    // Staff redeemed it at the counter: the card lists it used, and the code is gone.
    await change(card({ claims: [{ ...claim, used: true }], pointsBalance: 150 }));
    expect(screen.queryByTestId('claim-code')).toBeNull();
    expect(screen.getByTestId('card-points')).toHaveTextContent('150');
    expect(screen.queryByText('Cake')).toBeNull();
  });
});
