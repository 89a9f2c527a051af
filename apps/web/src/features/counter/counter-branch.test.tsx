import { type CounterMember, type TransactionResult, transactionBodySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { branch } from '@/test/branch-fixtures';
import { json, notFound, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const MAY: CounterMember = {
  userId: 'm-1',
  firstName: 'May',
  lastName: 'Chan',
  email: null,
  phone: '+85291110000',
  membershipCode: 'M000001',
  membershipLevelName: null,
  tierId: null,
  pointsBalance: 0,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
  tier: null,
  tierPinned: false,
  lifetimeSpend: 0,
  nextTier: null,
  expiringNext: null,
  redeemTerms: null,
  earnTerms: { isActive: true, earnRateAmount: 1, earnRatePoints: 10 },
};

const BRANCHES = [
  branch('b-1', 'Central', { nameZh: '中環' }),
  branch('b-2', 'Mong Kok'),
  branch('b-3', 'Sha Tin', { active: false }),
];

/** The till's server: the business's branches, May by her code, purchases ($1 → 10 points) as sent. */
function fakeTill(branches = BRANCHES) {
  const purchases: unknown[] = [];
  serveRoutes({
    'GET /api/tenants/branches': () => json({ content: branches }),
    'GET /api/tenants/member/by-code/:code': ({ params }) =>
      params.code?.toUpperCase() === MAY.membershipCode ? json(MAY) : notFound(),
    'POST /api/tenants/member/:id/transactions': ({ body: raw }) => {
      const body = transactionBodySchema.parse(raw);
      purchases.push(raw);
      if (body.type !== 'PURCHASE') return notFound();
      const points = Math.floor(body.amount * 10);
      const result: TransactionResult = {
        entry: {
          id: 'e-1',
          type: 'PURCHASE',
          points,
          amount: body.amount,
          reason: null,
          createdAt: new Date().toISOString(),
          branchId: body.branchId ?? null,
        },
        pointsBalance: points,
        lifetimeSpend: body.amount,
        tier: null,
        replayed: false,
      };
      return json(result, 201);
    },
  });
  return { purchases };
}

const renderCounter = (branchIds: string[] = []) =>
  renderApp('/counter', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff', branchIds },
  });

const findField = () => screen.findByRole('textbox', { name: 'Membership code, phone or name' });

async function purchase(amount: string) {
  const user = userEvent.setup();
  await user.type(await findField(), 'M000001{Enter}');
  await screen.findByRole('region', { name: 'May Chan' });
  const form = screen.getByRole('form', { name: 'Record purchase' });
  await user.type(within(form).getByRole('textbox', { name: 'Amount ($)' }), amount);
  await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
  await screen.findByRole('region', { name: 'Purchase recorded' });
}

beforeEach(() => {
  localStorage.clear();
});

describe('the counter’s branch', () => {
  it('asks once which branch, among the active ones, before the till; purchases then name it', async () => {
    const till = fakeTill();
    renderCounter();
    const user = userEvent.setup();
    const question = await screen.findByRole('form', { name: 'Which branch is this counter at?' });
    // The till waits below the question.
    expect(screen.queryByRole('textbox', { name: 'Membership code, phone or name' })).toBeNull();
    const select = within(question).getByLabelText('Which branch is this counter at?');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Central', 'Mong Kok']);
    await user.selectOptions(select, 'Mong Kok');
    await user.click(within(question).getByRole('button', { name: 'Use this branch' }));
    expect(await screen.findByText('At Mong Kok')).toBeInTheDocument();
    await purchase('12');
    expect(till.purchases).toEqual([expect.objectContaining({ type: 'PURCHASE', amount: 12, branchId: 'b-2' })]);
  });

  it('offers a staff user only the branches they record at (the API refuses the others)', async () => {
    fakeTill();
    renderCounter(['b-2']);
    const question = await screen.findByRole('form', { name: 'Which branch is this counter at?' });
    const select = within(question).getByLabelText('Which branch is this counter at?');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mong Kok']);
  });

  it('remembers the answer on this device: the next visit goes straight to the till, and Change branch asks again', async () => {
    fakeTill();
    const first = renderCounter();
    const user = userEvent.setup();
    const question = await screen.findByRole('form', { name: 'Which branch is this counter at?' });
    await user.click(within(question).getByRole('button', { name: 'Use this branch' }));
    expect(await screen.findByText('At Central')).toBeInTheDocument();
    first.unmount();

    renderCounter();
    expect(await screen.findByText('At Central')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Which branch is this counter at?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change branch' }));
    const again = await screen.findByRole('form', { name: 'Which branch is this counter at?' });
    // The current branch is the one chosen in the list.
    expect(within(again).getByLabelText('Which branch is this counter at?')).toHaveValue('b-1');
  });

  it('a remembered branch since deactivated asks again', async () => {
    localStorage.setItem('counterBranch', JSON.stringify({ 't-1': 'b-3' }));
    fakeTill();
    renderCounter();
    expect(await screen.findByRole('form', { name: 'Which branch is this counter at?' })).toBeInTheDocument();
  });

  it('a business without branches is never asked, and its purchases name none', async () => {
    const till = fakeTill([]);
    renderCounter();
    await purchase('5');
    expect(screen.queryByRole('form', { name: 'Which branch is this counter at?' })).toBeNull();
    await waitFor(() => expect(till.purchases).toHaveLength(1));
    expect(till.purchases[0]).not.toHaveProperty('branchId');
  });
});
