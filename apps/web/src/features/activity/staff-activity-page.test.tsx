import { type StaffActivity, staffActivityQuerySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const ROWS: StaffActivity['rows'] = [
  {
    userId: 'a-1',
    name: 'Ada Lovelace',
    email: 'ada@example.test',
    role: 'owner',
    purchases: 0,
    amount: 0,
    points: 0,
    redemptions: 0,
    reversals: 0,
    refunds: 0,
  },
  {
    userId: 'a-2',
    name: 'Sam Lee',
    email: 'sam@example.test',
    role: 'staff',
    purchases: 1234,
    amount: 56789.5,
    points: 567895,
    redemptions: 12,
    reversals: 3,
    refunds: 2,
  },
  {
    userId: 'a-3',
    name: 'Tom Wu',
    email: 'tom@example.test',
    role: null,
    purchases: 1,
    amount: 3,
    points: 30,
    redemptions: 0,
    reversals: 0,
    refunds: 0,
  },
];

/** The report's API: every query checked with the contract, the range echoed back. */
function fakeReport() {
  const queries: { from: string; to: string }[] = [];
  const downloads: string[] = [];
  serveRoutes({
    'GET /api/tenants/reports/staff-activity': ({ query }) => {
      const q = staffActivityQuerySchema.parse(query);
      queries.push(q);
      return json({ ...q, timeZone: 'Asia/Hong_Kong', rows: ROWS });
    },
    'GET /api/tenants/business': () =>
      json({ country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null }),
    'GET /api/tenants/reports/staff-activity.csv': ({ url }) => {
      downloads.push(url.search);
      return new Response('\uFEFFUser id,Name\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    },
  });
  return { queries, downloads };
}

/** Today in Hong Kong (UTC+8, no daylight saving), the fake business's time zone, as a date input writes it. */
const hongKongToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
/** A YYYY-MM-DD day as the English screen shows it: 03/31/2026. */
const english = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

// jsdom has no object URLs; the download test supplies them.
const { createObjectURL, revokeObjectURL } = URL;
afterEach(async () => {
  vi.restoreAllMocks();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  await setLocale('en');
});

describe('staff totals', () => {
  it('is a tab of Activity: this month so far in the business’s days by default, a row per team member with their sums', async () => {
    const server = fakeReport();
    renderApp('/activity/staff', { user: SAMPLE_USER });
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Activity views' });
    expect(within(tabs).getByRole('link', { name: 'Staff totals' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Changes' })).toHaveAttribute('href', '/activity');
    // The sidebar's Activity item stays the current section.
    expect(screen.getByRole('link', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');

    const table = await screen.findByRole('region', { name: 'Staff totals table' });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Team memberPurchasesAmountPoints issuedRedemptionsReversalsRefunds');
    expect(rows[1]).toHaveTextContent('Ada LovelaceOwner0$0.00000');
    expect(rows[2]).toHaveTextContent('Sam LeeStaff1,234$56,789.50567,8951232');
    expect(rows[3]).toHaveTextContent('Tom WuLeft the team1$3.003000');
    expect(
      screen.getByText(/Days are counted in the business’s time zone \(Hong Kong Standard Time\)/),
    ).toBeInTheDocument();

    const today = hongKongToday();
    expect(server.queries).toEqual([{ from: `${today.slice(0, 8)}01`, to: today }]);
    expect(screen.getByLabelText('To')).toHaveValue(english(today));
  });

  it('asks again for the days chosen; a last day before the first is refused at the field, nothing asked', async () => {
    const server = fakeReport();
    renderApp('/activity/staff', { user: SAMPLE_USER });
    await screen.findByRole('region', { name: 'Staff totals table' });
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '03/01/2026');
    await user.clear(to);
    await user.type(to, '03/31/2026');
    await waitFor(() => expect(server.queries.at(-1)).toEqual({ from: '2026-03-01', to: '2026-03-31' }));

    const asked = server.queries.length;
    await user.clear(to);
    await user.type(to, '02/01/2026');
    expect(to).toHaveAccessibleDescription('The last day cannot be before the first day');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(server.queries).toHaveLength(asked);
    // The last good table stays.
    expect(screen.getByRole('region', { name: 'Staff totals table' })).toHaveTextContent('Sam Lee');
  });

  it('downloads the same range as CSV', async () => {
    const server = fakeReport();
    URL.createObjectURL = () => 'blob:report';
    URL.revokeObjectURL = () => {};
    const offered: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      offered.push(this.download);
    });
    renderApp('/activity/staff', { user: SAMPLE_USER });
    await screen.findByRole('region', { name: 'Staff totals table' });
    const user = userEvent.setup();
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '01/01/2026');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '01/31/2026');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(offered).toEqual(['staff-activity-2026-01-01-2026-01-31.csv']));
    expect(server.downloads).toEqual(['?from=2026-01-01&to=2026-01-31']);
  });

  it('speaks Chinese', async () => {
    await setLocale('zh-Hant');
    fakeReport();
    renderApp('/activity/staff', { user: SAMPLE_USER });
    const table = await screen.findByRole('region', { name: '員工統計表' });
    expect(within(table).getAllByRole('row')[0]).toHaveTextContent('團隊成員消費金額發出積分兌換撤銷退款');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('已離開團隊');
    expect(screen.getByRole('link', { name: '員工統計' })).toHaveAttribute('aria-current', 'page');
  });
});
