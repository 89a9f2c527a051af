import {
  type CounterMember,
  memberCodeParamsSchema,
  type PurchasePreview,
  purchasePreviewBodySchema,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
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
  pointsBalance: 20,
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

/**
 * The till's server for the preview: $1 → 10 base points; today's promotions double a purchase of $50 or more and
 * add 25 points to it; base points beyond 5,000 (a purchase over $500) pass the per-purchase cap.
 */
function fakeServer() {
  const previews: unknown[] = [];
  serveRoutes({
    'GET /api/tenants/member/by-code/:code': ({ params }) =>
      memberCodeParamsSchema.parse(params).code === MAY.membershipCode ? json(MAY) : notFound(),
    'POST /api/tenants/member/:id/transactions/preview': ({ body }) => {
      const { amount } = purchasePreviewBodySchema.parse(body);
      previews.push(body);
      const basePoints = Math.floor(amount * 10);
      const promotions =
        amount >= 50
          ? [
              {
                id: 'p-double',
                points: basePoints,
                name: 'Double Tuesday',
                nameZh: '雙倍星期二',
                nameCn: '双倍星期二',
              },
              { id: 'p-bonus', points: 25, name: '25 bonus points', nameZh: null, nameCn: null },
            ]
          : [];
      const answer: PurchasePreview = {
        basePoints,
        points: basePoints + promotions.reduce((sum, p) => sum + p.points, 0),
        promotions,
        overCap: basePoints > 5000,
      };
      return json(answer);
    },
  });
  return { previews };
}

const renderCounter = () =>
  renderApp('/counter', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
  });

async function purchaseForm(codeField = 'Membership code, phone or name', formName = 'Record purchase') {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: codeField }), 'M000001{Enter}');
  return { user, form: await screen.findByRole('form', { name: formName }) };
}

describe("Counter: a purchase's points before Record", () => {
  it('shows the points with the promotions that apply once the amount settles, asking for that amount only', async () => {
    const server = fakeServer();
    renderCounter();
    const { user, form } = await purchaseForm();
    const amount = within(form).getByRole('textbox', { name: 'Amount ($)' });
    await user.type(amount, '80');
    // Doubled and 25 on top: 800 + 800 + 25.
    await waitFor(() =>
      expect(within(form).getByTestId('counter-purchase-earns')).toHaveTextContent('Earns 1,625 points'),
    );
    const breakdown = within(form).getByRole('list', { name: 'Points by promotion' });
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Base points: 800', 'Double Tuesday: +800', '25 bonus points: +25']);
    // Typed quickly, "8" then "80": the server was asked about 80 alone.
    expect(server.previews).toEqual([{ amount: 80 }]);
    expect(amount).toHaveAccessibleDescription(/Earns 1,625 points/);

    // A smaller amount: no promotion applies; until the server answers, the earn rate's points (never the old answer).
    await user.clear(amount);
    await user.type(amount, '12.5');
    expect(within(form).getByTestId('counter-purchase-earns')).toHaveTextContent('Earns 125 points');
    await waitFor(() => expect(server.previews).toEqual([{ amount: 80 }, { amount: 12.5 }]));
    expect(within(form).getByTestId('counter-purchase-earns')).toHaveTextContent('Earns 125 points');
    expect(within(form).queryByRole('list', { name: 'Points by promotion' })).toBeNull();

    // Beyond the cap: the warning before Record.
    await user.clear(amount);
    await user.type(amount, '600');
    expect(
      await within(form).findByText('Beyond the points allowed per purchase: recording it will be refused.'),
    ).toBeVisible();
    // An amount that is no amount is never sent.
    await user.clear(amount);
    await user.type(amount, '1.234');
    await waitFor(() => expect(within(form).getByTestId('counter-purchase-earns')).toBeInTheDocument());
    expect(server.previews).not.toContainEqual({ amount: 1.234 });
  });

  it("names the promotions in the reader's language", async () => {
    await setLocale('zh-Hant');
    fakeServer();
    renderCounter();
    const { user, form } = await purchaseForm('會員編號、電話或姓名', '記錄消費');
    await user.type(within(form).getByRole('textbox', { name: '金額（$）' }), '50');
    const breakdown = await within(form).findByRole('list', { name: '各推廣活動的積分' });
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['基本積分：500', '雙倍星期二：+500', '25 bonus points：+25']);
  });
});
