import {
  type CounterMember,
  type MemberRow,
  memberCodeParamsSchema,
  membersQuerySchema,
  REFUND_MESSAGES,
  refundBodySchema,
  type TransactionResult,
  transactionBodySchema,
} from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, notFound, pageOf, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const member = (id: string, firstName: string, lastName: string, code: string, phone: string): CounterMember => ({
  userId: id,
  firstName,
  lastName,
  email: null,
  phone,
  membershipCode: code,
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
});

const MAY = member('m-1', 'May', 'Chan', 'M000001', '+85291110000');
const ANNA = member('m-2', 'Anna', 'Chan', 'M000002', '+85298887777');
const MEMBERS = [MAY, ANNA];
const rowOf = ({
  tier,
  tierPinned,
  lifetimeSpend,
  nextTier,
  expiringNext,
  redeemTerms,
  earnTerms,
  ...row
}: CounterMember) => row satisfies MemberRow;

/**
 * The till's server: by-code (code or phone), the members' search by name, purchases ($1 → 10 points) that carry
 * their order and note, a taken order id refused; a refund is never recorded here (the form's preview is the point).
 */
function fakeServer(opening = MAY.pointsBalance) {
  let balance = opening;
  const purchases: { body: unknown; key: string | null }[] = [];
  const refunds: unknown[] = [];
  const requests = serveRoutes({
    'GET /api/tenants/member/by-code/:code': ({ params }) => {
      const { code } = memberCodeParamsSchema.parse(params);
      const found = MEMBERS.find((m) => m.membershipCode === code.toUpperCase() || m.phone === code);
      return found ? json({ ...found, pointsBalance: balance }) : notFound();
    },
    'GET /api/tenants/member': ({ query }) => {
      const { search = '' } = membersQuerySchema.parse(query);
      const text = search.toLowerCase();
      return json(
        pageOf(MEMBERS.filter((m) => `${m.firstName} ${m.lastName}`.toLowerCase().includes(text)).map(rowOf)),
      );
    },
    'POST /api/tenants/member/:id/transactions': ({ body: raw, headers }) => {
      const body = transactionBodySchema.parse(raw);
      purchases.push({ body, key: headers.get('Idempotency-Key') });
      if (body.type !== 'PURCHASE') return apiError(400, 'Only purchases here');
      if (body.orderId === 'TAKEN-1')
        return apiError(409, REFUND_MESSAGES.duplicateOrder, { error: 'DUPLICATE_ORDER' });
      const points = Math.floor(body.amount * 10);
      balance += points;
      const result: TransactionResult = {
        entry: {
          id: 'e-buy',
          type: 'PURCHASE',
          points,
          amount: body.amount,
          reason: null,
          createdAt: new Date().toISOString(),
          ...(body.orderId ? { orderId: body.orderId } : {}),
          ...(body.note ? { note: body.note } : {}),
        },
        pointsBalance: balance,
        lifetimeSpend: body.amount,
        tier: null,
        replayed: false,
      };
      return json(result, 201);
    },
    'POST /api/tenants/member/:id/transactions/:entryId/refund': ({ body }) => {
      refunds.push(refundBodySchema.parse(body));
      return apiError(503, 'Service unavailable');
    },
  });
  return { purchases, refunds, requests };
}

function renderCounter() {
  return renderApp('/counter', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'staff' },
  });
}

const findField = () => screen.findByRole('textbox', { name: 'Membership code, phone or name' });

describe('Counter: by name, orders and refunds', () => {
  it('finds a member by name: a short pick list with the code and the phone masked; the one picked is at the till', async () => {
    const server = fakeServer();
    renderCounter();
    const user = userEvent.setup();
    await user.type(await findField(), 'chan{Enter}');
    const list = await screen.findByRole('region', { name: 'Members with this name: pick the one at the till' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((c) => c.textContent)).toEqual(['May ChanM000001+8••••••0000', 'Anna ChanM000002+8••••••7777']);
    // The code was tried first, then the name (the branches, read once for the counter's branch, aside).
    expect(
      server.requests
        .filter((r) => r.path.startsWith('/api/tenants/') && r.path !== '/api/tenants/branches')
        .map((r) => `${r.path}${r.url.search}`),
    ).toEqual(['/api/tenants/member/by-code/chan', '/api/tenants/member?page=0&size=5&search=chan']);
    await user.click(within(list).getByRole('button', { name: /^Anna Chan/ }));
    expect(await screen.findByRole('region', { name: 'Anna Chan' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /pick the one/ })).toBeNull();

    // Nobody by that name either: the one "not found".
    await user.type(await findField(), 'Wong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('No member with the code, phone or name “Wong”');
    expect(screen.queryByRole('region', { name: 'Anna Chan' })).toBeNull();
  });

  it('a purchase carries the order id and the note typed; a taken order id shows under the order id', async () => {
    const server = fakeServer();
    renderCounter();
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    const form = await screen.findByRole('form', { name: 'Record purchase' });
    await user.type(within(form).getByRole('textbox', { name: 'Amount ($)' }), '12.50');
    const orderId = within(form).getByRole('textbox', { name: 'Order ID (optional)' });
    await user.type(orderId, 'TAKEN-1');
    await user.type(within(form).getByRole('textbox', { name: 'Note (optional)' }), 'Gift wrap, 2 bags');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    const refusal = await within(form).findByRole('alert');
    expect(refusal).toHaveTextContent(
      'This order id was already recorded with another purchase; nothing was recorded.',
    );
    expect(orderId).toHaveAccessibleDescription(refusal.textContent ?? '');
    await waitFor(() => expect(orderId).toHaveFocus());

    // Another order id is another purchase: a new key.
    await user.clear(orderId);
    await user.type(orderId, 'A-1001');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await screen.findByRole('heading', { name: 'Purchase recorded' })).toBeInTheDocument();
    expect(server.purchases.map((p) => p.body)).toEqual([
      { type: 'PURCHASE', amount: 12.5, orderId: 'TAKEN-1', note: 'Gift wrap, 2 bags' },
      { type: 'PURCHASE', amount: 12.5, orderId: 'A-1001', note: 'Gift wrap, 2 bags' },
    ]);
    expect(server.purchases[1]?.key).not.toBe(server.purchases[0]?.key);
    // The fields are empty for the next purchase.
    expect(within(form).getByRole('textbox', { name: 'Order ID (optional)' })).toHaveValue('');

    // A bad order id is refused at its field before anything is sent.
    await user.type(within(form).getByRole('textbox', { name: 'Amount ($)' }), '1');
    await user.type(within(form).getByRole('textbox', { name: 'Order ID (optional)' }), 'has space');
    await user.click(within(form).getByRole('button', { name: 'Record purchase' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^An order id is 1 to 64 visible ASCII/);
    expect(server.purchases).toHaveLength(2);
  });

  it('the refund form says, before it is recorded, the points it takes back and the balance after', async () => {
    const server = fakeServer();
    renderCounter();
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    const amount = await screen.findByRole('textbox', { name: 'Amount ($)' });
    await user.type(amount, '10{Enter}'); // 100 points: a balance of 120
    const result = await screen.findByRole('region', { name: 'Purchase recorded' });
    await user.click(within(result).getByRole('button', { name: 'Refund' }));
    const form = within(result).getByRole('form', { name: 'Refund' });
    const refund = within(form).getByLabelText('Amount to refund ($)');
    expect(refund).toHaveValue('10');
    expect(within(form).getByText('Takes back 100 points; balance after: 20')).toBeInTheDocument();
    await user.clear(refund);
    await user.type(refund, '3.33');
    // floor(100 × 3.33 / 10) = 33
    expect(within(form).getByText('Takes back 33 points; balance after: 87')).toBeInTheDocument();
    expect(refund).toHaveAccessibleDescription(/Takes back 33 points; balance after: 87$/);
    await user.clear(refund);
    await user.type(refund, '10.01');
    expect(within(form).queryByText(/^Takes back/)).toBeNull();
    expect(server.refunds).toEqual([]);
  });

  it('below zero: the till shows the negative balance, and a refund says the balance goes below zero before it is recorded', async () => {
    fakeServer(-90);
    renderCounter();
    const user = userEvent.setup();
    await user.type(await findField(), 'M000001{Enter}');
    expect(await screen.findByTestId('counter-balance')).toHaveTextContent('-90');
    await user.type(await screen.findByRole('textbox', { name: 'Amount ($)' }), '10{Enter}'); // 100 points pay back first
    const result = await screen.findByRole('region', { name: 'Purchase recorded' });
    await user.click(within(result).getByRole('button', { name: 'Refund' }));
    const form = within(result).getByRole('form', { name: 'Refund' });
    expect(within(form).getByText('Takes back 100 points; balance after: -90')).toBeInTheDocument();
    expect(
      within(form).getByText(
        'The points were spent: the balance goes below zero, and the next points earned pay it back first.',
      ),
    ).toBeInTheDocument();
  });
});
