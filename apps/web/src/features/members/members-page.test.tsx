import type { MemberDetail, MemberRow } from '@loyalty/contracts';
import { membersQuerySchema, transactionBodySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import {
  apiError,
  type FakeRequest,
  json,
  notFound,
  pageOf,
  type Route,
  type Routes,
  serveRoutes,
} from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const row = (n: number, over: Partial<MemberRow> = {}): MemberRow => ({
  userId: `m-${n}`,
  firstName: `Ada${n}`,
  lastName: 'Lovelace',
  email: n % 2 ? `ada${n}@example.test` : null,
  phone: `+1555000${String(n).padStart(4, '0')}`,
  membershipCode: `M${String(n).padStart(6, '0')}`,
  membershipLevelName: n % 3 ? 'Basic' : 'Gold',
  tierId: 't',
  pointsBalance: 1234567,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const detail = (m: MemberRow): MemberDetail => ({
  ...m,
  tier: { id: 't', name: 'Basic', color: '#888888' },
  tierPinned: false,
  lifetimeSpend: 425.65,
  nextTier: { id: 's', name: 'Silver', amountToReach: 74.35 },
  expiringNext: { points: 300, expiresAt: '2026-03-01T00:00:00.000Z' },
  redeemTerms: {
    isActive: true,
    redeemRatePoints: 100,
    redeemRateAmount: 1,
    minimumRedemption: null,
    maximumRedemption: null,
  },
});

/** A fake /api/tenants/member on the shared fake API: queries and bodies checked with the contracts, calls logged. */
function fakeServer(
  members: MemberRow[],
  {
    fail = false,
    detailOver = {},
    entries = [
      { id: 'e1', type: 'PURCHASE', points: 4256, amount: 425.65, reason: null, createdAt: '2025-02-01T10:00:00.000Z' },
    ],
  }: { fail?: boolean; detailOver?: Partial<MemberDetail>; entries?: unknown[] } = {},
) {
  const log: string[] = [];
  const posts: { body: unknown; key: string | null }[] = [];
  /** A route for one member: 404 for an id no member has. */
  const member =
    (route: (found: MemberRow, request: FakeRequest) => Response): Route =>
    (request) => {
      const found = members.find((m) => m.userId === request.params.id);
      return found ? route(found, request) : notFound();
    };
  const routes: Routes = {
    'GET /api/tenants/member': ({ query }) => {
      if (fail) return apiError(500, 'Database is down');
      const q = membersQuerySchema.parse(query);
      log.push(`GET page=${q.page} size=${q.size} search=${q.search ?? ''}`);
      const text = (q.search ?? '').toLowerCase();
      const hits = members.filter(
        (m) => !text || `${m.firstName} ${m.lastName} ${m.membershipCode}`.toLowerCase().includes(text),
      );
      return json(pageOf(hits, q.page, q.size));
    },
    '/api/memberships': () => json(pageOf([], 0, 100)),
    '/api/tenants/member/:id': member((found) => json({ ...detail(found), ...detailOver })),
    'GET /api/tenants/member/:id/transactions': member(() => json(pageOf(entries, 0, 10))),
    'POST /api/tenants/member/:id/transactions': member((_, request) => {
      const body = transactionBodySchema.parse(request.body);
      posts.push({ body, key: request.headers.get('Idempotency-Key') });
      return json(
        {
          entry: {
            id: 'e2',
            type: body.type,
            points: 100,
            amount: 10,
            reason: null,
            createdAt: '2025-02-02T10:00:00.000Z',
          },
          pointsBalance: 4356,
          lifetimeSpend: 435.65,
          tier: { id: 't', name: 'Basic', color: '#888888' },
          replayed: false,
        },
        201,
      );
    }),
  };
  return { routes, log, posts };
}

/** A purchase with an order and a note, partly refunded, and one without an order (docs/design.md §9). */
const ORDER_ENTRIES = [
  {
    id: 'e3',
    type: 'REFUND',
    points: -100,
    amount: 10,
    reason: null,
    createdAt: '2025-02-03T10:00:00.000Z',
    refundsId: 'e2',
    orderId: 'A-1001',
  },
  {
    id: 'e2',
    type: 'PURCHASE',
    points: 425,
    amount: 42.5,
    reason: null,
    createdAt: '2025-02-02T10:00:00.000Z',
    orderId: 'A-1001',
    note: 'Gift wrap',
    refundedAmount: 10,
  },
  { id: 'e1', type: 'PURCHASE', points: 100, amount: 10, reason: null, createdAt: '2025-02-01T10:00:00.000Z' },
];

function renderMembers(server: ReturnType<typeof fakeServer>, role: 'owner' | 'staff' = 'owner', path = '/members') {
  serveRoutes(server.routes);
  return renderApp(path, { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });
}

describe('Members page', () => {
  it('shows heading, subtitle, search, the spec columns, initials, badges, formatted points and the footer', async () => {
    const server = fakeServer([row(1), row(3)]);
    renderMembers(server);
    expect(await screen.findByRole('heading', { name: 'Members' })).toBeInTheDocument();
    expect(screen.getByText('Manage member accounts and memberships')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search members...')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Member', 'Membership Code', 'Membership Level', 'Points Balance', 'Status', 'Actions']);
    const first = within(table).getByRole('row', { name: /Ada1 Lovelace/ });
    expect(within(first).getByText('AL')).toBeInTheDocument();
    expect(within(first).getByText('ada1@example.test')).toBeInTheDocument();
    expect(within(first).getByText('M000001')).toBeInTheDocument();
    expect(within(first).getByText('Basic')).toHaveClass('bg-secondary');
    expect(within(first).getByText((1234567).toLocaleString())).toBeInTheDocument();
    expect(within(first).getByText('Active')).toHaveClass('bg-primary');
    const gold = within(table).getByRole('row', { name: /Ada3 Lovelace/ });
    expect(within(gold).getByText('Gold')).toHaveClass('bg-primary');
    expect(screen.getByText('Showing 2 of 2 members')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(server.log).toEqual(['GET page=0 size=20 search=']);
  });

  it('says No data available when there are no members', async () => {
    renderMembers(fakeServer([]));
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('shows Failed to load members plus the server message', async () => {
    renderMembers(fakeServer([], { fail: true }));
    expect(await screen.findByText('Failed to load members')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
  });

  it('searches all members on the server, debounced, from the first page, keeping search and page in the URL', async () => {
    const server = fakeServer(Array.from({ length: 25 }, (_, i) => row(i + 1)));
    const { router } = renderMembers(server, 'owner', '/members?page=2');
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByText('Showing 5 of 25 members')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Search members...'), 'm000025');
    expect(await screen.findByText('Showing 1 of 1 members')).toBeInTheDocument();
    expect(server.log.filter((l) => l.includes('search=m'))).toEqual(['GET page=0 size=20 search=m000025']);
    expect(router.state.location.search).toBe('?search=m000025');
  });

  it('opens a member: balance, tier progress, lifetime spend, expiring points, ledger; records a purchase with an Idempotency-Key', async () => {
    const server = fakeServer([row(1)]);
    const { router } = renderMembers(server);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('$74.35 more to Silver')).toBeInTheDocument();
    expect(within(dialog).getAllByText('$425.65').length).toBeGreaterThanOrEqual(1);
    expect(within(dialog).getByText('300')).toBeInTheDocument();
    expect(await within(dialog).findByText('+4,256')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?member=m-1');
    expect(within(dialog).getByRole('form', { name: 'Adjust points' })).toBeInTheDocument();
    // A copy of the member's data for a customer who asks at the counter (docs/design.md §9): admins and the owner.
    expect(within(dialog).getByRole('button', { name: 'Download data' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Points'), '250');
    expect(within(dialog).getByText('Worth $2.50')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Amount ($)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Record purchase' }));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]?.body).toEqual({ type: 'PURCHASE', amount: 10 });
    expect(server.posts[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the history names each purchase’s order and note, and the refund says which order it gives back (docs/design.md §9)', async () => {
    renderMembers(fakeServer([row(1)], { entries: ORDER_ENTRIES }), 'staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    const ledger = await within(dialog).findByRole('region', { name: 'Points history table' });
    // The spec's columns and the history's own stay as they were: the order is added under the entry.
    expect(
      within(ledger)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Type', 'Points', 'Amount', 'Reason', 'Actions']);
    const [, refundRow, purchaseRow] = within(ledger).getAllByRole('row') as HTMLElement[];
    expect(within(purchaseRow as HTMLElement).getByText('Order A-1001')).toBeInTheDocument();
    expect(within(purchaseRow as HTMLElement).getByText('Gift wrap')).toBeInTheDocument();
    expect(within(refundRow as HTMLElement).getByText('Refund')).toBeInTheDocument();
    expect(within(refundRow as HTMLElement).getByText('Order A-1001')).toBeInTheDocument();
    // A purchase without an order shows none.
    expect(within(ledger).getAllByText(/^Order /)).toHaveLength(2);

    await user.click(within(purchaseRow as HTMLElement).getByRole('button', { name: 'Refund' }));
    const form = within(dialog).getByRole('form', { name: 'Refund' });
    expect(within(form).getByText('Refund of order A-1001')).toBeInTheDocument();
    const amount = within(form).getByLabelText('Amount to refund ($)');
    expect(amount).toHaveValue('32.5');
    // Before it is recorded: the points it takes back by cumulative floor (425 − floor(425 × 10 / 42.5)) and the
    // balance after.
    expect(amount).toHaveAccessibleDescription(
      'Refund of order A-1001 Up to $32.50 can still be refunded Takes back 325 points; balance after: 1,234,242',
    );
  });

  it('a refund beyond what is left says the amount as its hint does ($300.00, not 300.00)', async () => {
    const server = fakeServer([row(1)], {
      entries: [
        { id: 'e1', type: 'PURCHASE', points: 3000, amount: 300, reason: null, createdAt: '2025-02-01T10:00:00.000Z' },
      ],
    });
    // The server's refusal, as the API words it (contracts' REFUND_MESSAGES.exceeds): a plain en-US figure.
    server.routes['POST /api/tenants/member/:id/transactions/:entryId/refund'] = () =>
      apiError(409, 'The refunds would exceed the purchase: at most 300.00 can still be refunded.', {
        error: 'REFUND_EXCEEDS_PURCHASE',
      });
    renderMembers(server, 'staff');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    const ledger = await within(dialog).findByRole('region', { name: 'Points history table' });
    await user.click(await within(ledger).findByRole('button', { name: 'Refund' }));
    const form = within(dialog).getByRole('form', { name: 'Refund' });
    expect(within(form).getByText('Up to $300.00 can still be refunded')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Record refund' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The refunds would exceed the purchase: at most $300.00 can still be refunded.',
    );
  });

  it('staff: no Add, Edit, Delete or Adjust, but can record purchases and redeem', async () => {
    renderMembers(fakeServer([row(1)]), 'staff');
    const table = await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Add Member' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Record purchase' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Redeem points' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('form', { name: 'Adjust points' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Download data' })).toBeNull();
  });
});

describe('Members page in Chinese (docs/design.md §8)', () => {
  it('zh-Hant: list, pager, detail, actions and ledger in Traditional Chinese, figures in the language', async () => {
    await setLocale('zh-Hant');
    renderMembers(fakeServer([row(1)]));
    expect(await screen.findByRole('heading', { name: '會員' })).toBeInTheDocument();
    expect(screen.getByText('管理會員帳戶及會員等級')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('搜尋會員…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '新增會員' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['會員', '會員編號', '會員等級', '積分結餘', '狀態', '操作']);
    expect(within(table).getByText('啟用')).toBeInTheDocument();
    expect(within(table).getByText('1,234,567')).toBeInTheDocument();
    expect(screen.getByText('顯示 1 個，共 1 個會員')).toBeInTheDocument();
    expect(screen.getByText('第 1 頁，共 1 頁')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一頁' })).toBeDisabled();

    await userEvent.setup().click(within(table).getByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('再消費 $74.35 可升至 Silver')).toBeInTheDocument();
    expect(within(dialog).getByText('累計消費')).toBeInTheDocument();
    expect(within(dialog).getByText('即將到期積分')).toBeInTheDocument();
    expect(within(dialog).getByRole('form', { name: '調整積分' })).toBeInTheDocument();
    expect(within(dialog).getByText('100 積分 = $1.00')).toBeInTheDocument();
    expect(await within(dialog).findByText('消費')).toBeInTheDocument();
    expect(within(dialog).getByText('積分記錄')).toBeInTheDocument();
    // Tier names are data (the API answers them in English); every label around them is Chinese.
    for (const english of ['Points balance', 'Lifetime spend', 'Record purchase', 'Purchase', 'Points history', 'Date'])
      expect(within(dialog).queryByText(english)).toBeNull();
  });

  it.each([
    ['zh-Hant', '積分記錄表', '退款', '訂單 A-1001', '訂單 A-1001 的退款'],
    ['zh-Hans', '积分记录表', '退款', '订单 A-1001', '订单 A-1001 的退款'],
  ] as const)(
    '%s: the order under the entry and on the refund, the note as typed',
    async (locale, table, refund, order, refundOf) => {
      await setLocale(locale);
      renderMembers(fakeServer([row(1)], { entries: ORDER_ENTRIES }), 'staff');
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Ada1 Lovelace' }));
      const dialog = await screen.findByRole('dialog');
      const ledger = await within(dialog).findByRole('region', { name: table });
      const purchaseRow = within(ledger).getAllByRole('row')[2] as HTMLElement;
      expect(within(purchaseRow).getByText(order)).toBeInTheDocument();
      expect(within(purchaseRow).getByText('Gift wrap')).toBeInTheDocument();
      expect(within(ledger).getAllByText(order)).toHaveLength(2);
      await user.click(within(purchaseRow).getByRole('button', { name: refund }));
      expect(within(dialog).getByText(refundOf)).toBeInTheDocument();
      expect(within(dialog).queryByText(/Order|Refund of/)).toBeNull();
      await setLocale('en');
    },
  );

  it('zh-Hans: list and detail in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    renderMembers(fakeServer([row(1)]));
    expect(await screen.findByRole('heading', { name: '会员' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('搜索会员…')).toBeInTheDocument();
    expect(await screen.findByText('显示 1 个，共 1 个会员')).toBeInTheDocument();
    expect(screen.queryByText('Members')).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Ada1 Lovelace' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('积分余额')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '记录消费' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '兑换积分' })).toBeInTheDocument();
    expect(await within(dialog).findByText('积分记录')).toBeInTheDocument();
  });

  it.each([
    ['zh-Hant', '迎新積分', '再消費 $74.35 可升至 金卡', '獎賞：免費咖啡'],
    // Only the Traditional name was given: a Simplified reader reads it before the English (zh-Hans → zh-Hant → en).
    ['zh-Hans', '迎新积分', '再消费 $74.35 可升至 金卡', '奖励：免費咖啡'],
  ] as const)(
    '%s: a Chinese name family name first, its avatar the family name, the next tier and reasons in Chinese',
    async (locale, welcome, next, reward) => {
      await setLocale(locale);
      renderMembers(
        fakeServer([row(1, { firstName: '大文', lastName: '陳' }), row(2)], {
          detailOver: { nextTier: { id: 'g', name: 'Gold', nameZh: '金卡', nameCn: '金卡', amountToReach: 74.35 } },
          entries: [
            {
              id: 'e2',
              type: 'BONUS',
              points: 50,
              amount: null,
              // docs/design.md §10: the system's reason is a code, rendered in the reader's language.
              reason: null,
              reasonCode: 'WELCOME_POINTS',
              createdAt: '2025-02-01T10:00:00.000Z',
            },
            {
              id: 'e4',
              type: 'REDEEM',
              points: -100,
              amount: 1,
              reason: null,
              reasonCode: 'REWARD_REDEEMED',
              reward: { id: 'rw-1', name: 'Free coffee', nameZh: '免費咖啡', nameCn: null },
              createdAt: '2025-02-03T10:00:00.000Z',
            },
            {
              id: 'e3',
              type: 'ADJUST',
              points: 5,
              amount: null,
              reason: 'Birthday treat',
              createdAt: '2025-02-02T10:00:00.000Z',
            },
          ],
        }),
      );
      const table = await screen.findByRole('table');
      const first = within(table).getAllByRole('row')[1] as HTMLElement;
      expect(within(first).getByRole('button', { name: '陳大文' })).toBeInTheDocument();
      expect(first.querySelector('[data-slot="avatar-fallback"]')?.textContent).toBe('陳');
      // Latin names keep their order and two initials.
      expect(within(table).getByRole('button', { name: 'Ada2 Lovelace' })).toBeInTheDocument();
      await userEvent.setup().click(within(first).getByRole('button', { name: '陳大文' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('heading', { name: '陳大文' })).toBeInTheDocument();
      expect(await within(dialog).findByText(next)).toBeInTheDocument();
      expect(await within(dialog).findByText(welcome)).toBeInTheDocument();
      // What staff typed is data and stays as typed.
      expect(within(dialog).getByText('Birthday treat')).toBeInTheDocument();
      expect(within(dialog).queryByText('Welcome points')).toBeNull();
      expect(within(dialog).getByText(reward)).toBeInTheDocument();
      expect(within(dialog).queryByText(/Free coffee|REWARD_REDEEMED/)).toBeNull();
      await setLocale('en');
    },
  );
});
