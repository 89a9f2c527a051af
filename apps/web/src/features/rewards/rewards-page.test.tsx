import { type Reward, rewardBodySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, pageOf, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const COFFEE: Reward = {
  id: 'r-1',
  name: 'Free coffee',
  nameZh: '免費咖啡',
  nameCn: '免费咖啡',
  description: null,
  kind: 'FREE_ITEM',
  value: null,
  pointsCost: 100,
  tierIds: [],
  stock: 3,
  perMemberLimit: null,
  validFrom: null,
  validTo: null,
  active: true,
  imageUrl: null,
  redeemed: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The rewards API as the server answers it; bodies are checked with the contract. */
function fakeServer() {
  const rewards: Reward[] = [COFFEE];
  const sent: unknown[] = [];
  serveRoutes({
    'GET /api/tenants/rewards': () => json(rewards),
    '/api/memberships': () => json(pageOf([{ id: 't-gold', name: 'Gold' }], 0, 100)),
    'POST /api/tenants/rewards': ({ body: raw }) => {
      sent.push(raw);
      const body = rewardBodySchema.parse(raw);
      const made: Reward = { ...COFFEE, ...body, id: 'r-2', redeemed: 0 };
      rewards.push(made);
      return json(made, 201);
    },
  });
  return { sent };
}

describe('Rewards', () => {
  it('lists each reward with its points, stock and redemptions, and adds one limited to a tier', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderApp('/rewards', { user: SAMPLE_USER });
    const table = await screen.findByRole('region', { name: 'Rewards' });
    const row = (await within(table).findByText('Free coffee')).closest('tr') as HTMLElement;
    expect(within(row).getByText('100 points')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Cake');
    await user.selectOptions(within(dialog).getByLabelText('Kind'), 'AMOUNT_OFF');
    await user.type(within(dialog).getByLabelText('Amount off ($)'), '5');
    await user.type(within(dialog).getByLabelText('Points'), '250');
    await user.click(await within(dialog).findByLabelText('Gold'));
    await user.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    await waitFor(() => expect(server.sent).toHaveLength(1));
    expect(server.sent[0]).toMatchObject({
      name: 'Cake',
      kind: 'AMOUNT_OFF',
      value: 5,
      pointsCost: 250,
      tierIds: ['t-gold'],
    });
    expect(await within(table).findByText('Cake')).toBeInTheDocument();
  });

  it('shows a bad value at its field before sending anything', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderApp('/rewards', { user: SAMPLE_USER });
    await user.click(await screen.findByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Tea');
    await user.type(within(dialog).getByLabelText('Points'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add reward' }));
    expect(await within(dialog).findByText('Enter a whole number of points of at least 1')).toBeInTheDocument();
    expect(server.sent).toHaveLength(0);
  });

  it('scrolls as one dialog, and an error in a field does not move its neighbour in the row', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderApp('/rewards', { user: SAMPLE_USER });
    await user.click(await screen.findByRole('button', { name: 'Add reward' }));
    const dialog = await screen.findByRole('dialog');
    // The dialog itself is the only scroll container: no box inside it scrolls on its own.
    expect(dialog).toHaveClass('overflow-y-auto');
    const scrollers = [...dialog.querySelectorAll('*')].filter((el) =>
      /\boverflow(-y)?-(auto|scroll)\b/.test(el.className.toString()),
    );
    expect(scrollers).toEqual([]);
    // Stock and Limit share a row whose cells keep to the top: an error grows its own cell only.
    const stock = within(dialog).getByLabelText('Stock');
    const limit = within(dialog).getByLabelText('Limit per member');
    const row = stock.closest('.grid.sm\\:grid-cols-3') as HTMLElement;
    expect(row).toContainElement(limit);
    expect(row).toHaveClass('items-start');
    await user.type(stock, '-1');
    await user.tab();
    expect(
      await within(dialog).findByText('Stock must be a whole number of 0 or more (empty: unlimited)'),
    ).toBeInTheDocument();
  });
});
