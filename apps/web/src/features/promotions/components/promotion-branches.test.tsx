import { type Promotion, promotionBodySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { branch } from '@/test/branch-fixtures';
import { json, notFound, pageOf, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const BRANCHES = [branch('b-1', 'Central', { nameZh: '中環' }), branch('b-2', 'Mong Kok', { active: false })];

const SAVED: Promotion = {
  id: 'p-1',
  name: 'Triple at Central',
  nameZh: null,
  nameCn: null,
  kind: 'MULTIPLIER',
  factor: 3,
  bonusPoints: null,
  minAmount: null,
  days: null,
  fromTime: null,
  toTime: null,
  validFrom: null,
  validTo: null,
  tierIds: [],
  branchIds: ['b-1'],
  perMemberLimit: null,
  active: true,
  timesApplied: 0,
  pointsGiven: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** The promotions API with its branches (or none: 404 as the business without the branches screen). */
function fakePromotions(branches: typeof BRANCHES | null) {
  const saved: unknown[] = [];
  const simulated: unknown[] = [];
  serveRoutes({
    'GET /api/tenants/branches': () => (branches ? json({ content: branches }) : notFound()),
    'GET /api/memberships': () => json(pageOf([])),
    'GET /api/tenants/promotions': () => json([SAVED]),
    'POST /api/tenants/promotions/simulate': ({ body }) => {
      simulated.push((body as { promotion: unknown }).promotion);
      return json({ from: '', to: '', purchases: 0, members: 0, extraPoints: 0, extraValue: 0, share: 0 });
    },
    'POST /api/tenants/promotions': ({ body }) => {
      saved.push(promotionBodySchema.parse(body));
      return json({ ...SAVED, id: 'p-2' }, 201);
    },
    'PUT /api/tenants/promotions/:id': ({ body }) => {
      saved.push(promotionBodySchema.parse(body));
      return json(SAVED);
    },
  });
  return { saved, simulated };
}

const renderPromotions = () =>
  renderApp('/promotions', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' },
  });

describe('a promotion limited to branches (docs/design.md §10)', () => {
  it('ticks the branches it rewards, an inactive one marked; the body and the simulation carry them', async () => {
    const server = fakePromotions(BRANCHES);
    renderPromotions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add promotion' });
    const group = await within(dialog).findByRole('group', { name: 'Branches' });
    expect(group).toHaveTextContent('None ticked: purchases at every branch');
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((b) => b.closest('label')?.textContent),
    ).toEqual(['Central', 'Mong Kok (Inactive)']);
    await user.type(within(dialog).getByLabelText('Name'), 'Double at Central');
    await user.click(within(group).getByRole('checkbox', { name: 'Central' }));
    // What it would have cost is asked with the branch, before Save.
    await waitFor(() => expect(server.simulated.at(-1)).toMatchObject({ branchIds: ['b-1'] }), { timeout: 3000 });
    await user.click(within(dialog).getByRole('button', { name: 'Add promotion' }));
    expect(await screen.findByText('Promotion added')).toBeInTheDocument();
    expect(server.saved).toEqual([expect.objectContaining({ name: 'Double at Central', branchIds: ['b-1'] })]);
  });

  it('editing shows the branches saved; unticking them all means every branch', async () => {
    const server = fakePromotions(BRANCHES);
    renderPromotions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Edit/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit promotion' });
    const central = within(await within(dialog).findByRole('group', { name: 'Branches' })).getByRole('checkbox', {
      name: 'Central',
    });
    expect(central).toBeChecked();
    await user.click(central);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Promotion saved')).toBeInTheDocument();
    expect(server.saved).toEqual([expect.objectContaining({ branchIds: [] })]);
  });

  it('a business without branches is not asked', async () => {
    const server = fakePromotions(null);
    renderPromotions();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add promotion' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add promotion' });
    await within(dialog).findByRole('group', { name: 'Membership Levels' });
    expect(within(dialog).queryByRole('group', { name: 'Branches' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Name'), 'Double');
    await user.click(within(dialog).getByRole('button', { name: 'Add promotion' }));
    expect(await screen.findByText('Promotion added')).toBeInTheDocument();
    expect(server.saved).toEqual([expect.objectContaining({ branchIds: [] })]);
  });
});
