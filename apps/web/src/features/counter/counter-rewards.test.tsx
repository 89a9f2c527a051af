import {
  type CounterMember,
  claimParamsSchema,
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
    await user.type(await screen.findByRole('textbox', { name: 'Membership code, phone or name' }), 'M000001{Enter}');
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

  it('one Idempotency-Key per intended redemption: a retry replays, a new entry of a used code says when and by whom', async () => {
    const keys: string[] = [];
    const firstKey = new Map<string, string>();
    let lose = true;
    serveRoutes({
      'POST /api/tenants/reward-claims/:claimCode/redeem': ({ params, headers }) => {
        const { claimCode } = claimParamsSchema.parse(params);
        const key = headers.get('Idempotency-Key') ?? '';
        keys.push(key);
        if (lose) {
          // The first answer is lost on the way back: the till's retry must send the same key.
          lose = false;
          firstKey.set(claimCode, key);
          return apiError(503, 'Service Unavailable');
        }
        if (firstKey.get(claimCode) !== key)
          return apiError(409, REWARD_MESSAGES.claimUsed, {
            error: 'CLAIM_USED',
            used: { at: '2026-03-04T05:06:00.000Z', by: { firstName: 'Team', lastName: 'User' } },
          });
        const answer: RedeemAnswer = {
          redemption: {
            id: 'red-9',
            rewardId: 'r-coffee',
            rewardName: 'Free coffee',
            memberId: 'm-1',
            state: 'ISSUED',
            // The redemption's own receipt code, not the code the customer showed.
            code: 'RCPT2345',
            pointsCost: 100,
            createdAt: '2026-03-04T05:06:00.000Z',
          },
          pointsBalance: 62,
        };
        return json(answer, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/counter', {
      user: SAMPLE_USER,
      identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
    });
    const field = await screen.findByRole('textbox', { name: 'Reward code' });
    await user.type(field, 'abcd2345{Enter}');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Redeemed Free coffee (code ABCD2345); new balance 62');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    // Later, the same code typed again is a new redemption: a new key, and the server's refusal in words.
    await user.type(field, 'ABCD2345{Enter}');
    const refusal = await screen.findByRole('alert');
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
    expect(refusal).toHaveTextContent(/^This code was already used on .*2026.* by Team User\.$/);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
