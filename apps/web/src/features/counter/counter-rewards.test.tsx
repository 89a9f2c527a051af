import {
  type CounterMember,
  type MemberRewardsPanel,
  memberRewardParamsSchema,
  REWARD_MESSAGES,
  type RedeemAnswer,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const MIA = {
  userId: 'm-1',
  firstName: 'Mia',
  lastName: 'Chen',
  email: null,
  phone: '+85291110000',
  membershipCode: 'M000001',
  membershipLevelName: null,
  tierId: null,
  pointsBalance: 162,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  tier: null,
  tierPinned: false,
  lifetimeSpend: 0,
  nextTier: null,
  expiringNext: null,
  redeemTerms: null,
  earnTerms: null,
} satisfies CounterMember;

const reward = (id: string, name: string, pointsCost: number, extra: object = {}) => ({
  id,
  name,
  nameZh: null,
  nameCn: null,
  description: null,
  kind: 'FREE_ITEM' as const,
  value: null,
  imageUrl: null,
  pointsCost,
  available: pointsCost <= 162,
  pointsNeeded: Math.max(0, pointsCost - 162),
  blockedBy: null,
  ...extra,
});

/** The member lookup and reward calls; the mug is out of stock by the time the till taps it. */
function fakeServer() {
  const keys: string[] = [];
  const panel: MemberRewardsPanel = {
    pointsBalance: 162,
    rewards: [reward('r-coffee', 'Free coffee', 100), reward('r-mug', 'Mug', 150), reward('r-cake', 'Cake', 200)],
    redemptions: [],
  };
  serveRoutes({
    'GET /api/tenants/member/by-code/:code': () => json(MIA),
    'GET /api/tenants/member/m-1/rewards': () => json(panel),
    'POST /api/tenants/member/:id/rewards/:rewardId/redeem': ({ params, headers }) => {
      const { rewardId } = memberRewardParamsSchema.parse(params);
      keys.push(headers.get('Idempotency-Key') ?? '');
      if (rewardId === 'r-mug') return apiError(409, REWARD_MESSAGES.OUT_OF_STOCK, { error: 'OUT_OF_STOCK' });
      const answer: RedeemAnswer = {
        redemption: {
          id: 'red-1',
          rewardId,
          rewardName: 'Free coffee',
          memberId: 'm-1',
          state: 'ISSUED',
          code: 'ABCD2345',
          pointsCost: 100,
          createdAt: new Date().toISOString(),
        },
        pointsBalance: 62,
      };
      panel.pointsBalance = 62;
      panel.redemptions = [answer.redemption];
      return json(answer, 201);
    },
  });
  return { keys };
}

describe('Counter rewards', () => {
  it('lists what the member can have and how far off the rest is; one tap redeems with a key; a refusal shows', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderApp('/counter', {
      user: SAMPLE_USER,
      identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Membership code or phone' }), 'M000001{Enter}');
    const panel = await screen.findByRole('region', { name: 'Rewards' });
    expect(await within(panel).findByText('38 points to Cake')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Redeem Mug' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('This reward is out of stock');

    await user.click(within(panel).getByRole('button', { name: 'Redeem Free coffee' }));
    await waitFor(() => expect(screen.getByTestId('counter-balance')).toHaveTextContent('62'));
    expect(server.keys).toHaveLength(2);
    expect(server.keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    // The redemption to hand over; staff may hand it over but not cancel it.
    expect(await within(panel).findByText('ABCD2345')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Hand over' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
