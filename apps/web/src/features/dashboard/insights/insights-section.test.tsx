import { type Liability, type TimeseriesBucket, timeseriesQuerySchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, notFound, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { intervalFor, rangeOf, rangeProblem } from './periods';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const zero = {
  newMembers: 0,
  activeMembers: 0,
  returningMembers: 0,
  purchases: 0,
  amount: 0,
  pointsIssued: 0,
  pointsRedeemed: 0,
  pointsExpired: 0,
  pointsTakenBack: 0,
  rewardsRedeemed: 0,
  stampsAdded: 0,
  cardsCompleted: 0,
};

const LIABILITY: Liability = {
  timeZone: 'Asia/Hong_Kong',
  outstandingPoints: 12_345,
  outstandingValue: 123.45,
  expiring: { days30: 100, days60: 250, days90: 300 },
  negative: { members: 1, points: -900 },
  breakage12m: 0.1176,
  byTier: [{ tierId: 't-1', name: 'Gold', nameZh: '金卡', nameCn: '金卡', members: 2, points: 12_045 }],
  erased: { points: 300 },
};

/** The reports' API: each timeseries query checked with the contract, a bucket per day with figures of its own. */
function fakeReports(branches: 'none' | 'unknown' | 'two' = 'unknown') {
  const queries: Record<string, string>[] = [];
  serveRoutes({
    'GET /api/tenants/reports/timeseries': ({ query }) => {
      const q = timeseriesQuerySchema.parse(query);
      queries.push(query);
      const buckets: TimeseriesBucket[] = [
        { start: q.from, end: q.from, ...zero, newMembers: 3, activeMembers: 2, purchases: 1234, amount: 5678.5 },
        { start: q.to, end: q.to, ...zero, pointsIssued: 1850, returningMembers: 1 },
      ];
      return json({ interval: q.interval, timeZone: 'Asia/Hong_Kong', buckets });
    },
    'GET /api/tenants/reports/liability': () => json(LIABILITY),
    'GET /api/tenants/branches': () =>
      branches === 'unknown'
        ? notFound()
        : json(
            branches === 'none'
              ? []
              : [
                  { id: 'b-1', name: 'Central', active: true },
                  { id: 'b-2', name: 'Mong Kok', active: true },
                ],
          ),
    'GET /api/tenants/business': () =>
      json({ country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'en', quietHours: null }),
    'GET /api/dashboard': () =>
      json({
        teamUsers: 1,
        members: { total: 0, active: 0 },
        pointsIssued: { thisMonth: 0, lastMonth: 0, trendPercent: null },
        pointsOutstanding: 0,
        liability: 0,
        walletCards: { count: 0, basis: 'wallet' },
        tierMix: [],
      }),
  });
  return { queries };
}

afterEach(async () => {
  await setLocale('en');
});

describe('insights on the dashboard', () => {
  it('the last 30 days by day in the business’s days; each chart’s numbers are a table; the liability with its tiers', async () => {
    const server = fakeReports();
    renderApp('/', { user: SAMPLE_USER });
    // The charts are a chunk of their own: the first import takes a moment.
    const members = await screen.findByRole(
      'table',
      { name: 'Members joining, active and returning' },
      { timeout: 15_000 },
    );
    const rows = within(members).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('PeriodJoinedActiveReturning');
    expect(rows[1]).toHaveTextContent('320');
    const purchases = screen.getByRole('table', { name: 'Purchases and amount' });
    expect(within(purchases).getAllByRole('row')[1]).toHaveTextContent('1,234$5,678.50');
    expect(screen.getByText(/Days in the business’s time zone \(Hong Kong Standard Time\)/)).toBeInTheDocument();
    expect(server.queries[0]).toMatchObject({ interval: 'day' });
    // No branches API yet (404): no branch filter.
    expect(screen.queryByLabelText('Branch')).not.toBeInTheDocument();

    // The table shows on request, for copying to a spreadsheet.
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show Points as a table' }));
    expect(screen.getByRole('button', { name: 'Show Points as a chart' })).toHaveAttribute('aria-pressed', 'true');

    const liability = screen.getByTestId('insights-liability');
    await waitFor(() => expect(within(liability).getByTestId('liability-outstanding')).toHaveTextContent('12,345'));
    expect(liability).toHaveTextContent('$123.45');
    expect(liability).toHaveTextContent('Below zero (1 member)-900');
    expect(liability).toHaveTextContent('11.8%');
    expect(within(liability).getByRole('table', { name: 'By membership level' })).toHaveTextContent('Gold212,045');
  });

  it('12 months by month; a custom range refused at the field when backwards; a branch filter once there are branches', async () => {
    const server = fakeReports('two');
    renderApp('/', { user: SAMPLE_USER });
    await screen.findByRole('table', { name: 'Rewards' }, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Period'), '12m');
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ interval: 'month' }));
    await user.selectOptions(await screen.findByLabelText('Branch'), 'b-2');
    await waitFor(() => expect(server.queries.at(-1)).toMatchObject({ interval: 'month', branchId: 'b-2' }));

    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    // The date fields load when a custom period is first chosen.
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '03/01/2026');
    await user.clear(to);
    await user.type(to, '02/01/2026');
    expect(to).toHaveAccessibleDescription('The last day cannot be before the first day');
    await user.clear(to);
    await user.type(to, '03/31/2026');
    await waitFor(() =>
      expect(server.queries.at(-1)).toMatchObject({ from: '2026-03-01', to: '2026-03-31', interval: 'day' }),
    );
  });

  it('in Chinese: the charts’ names and the periods in the reader’s language', async () => {
    fakeReports('none');
    await setLocale('zh-Hant');
    renderApp('/', { user: SAMPLE_USER });
    expect(
      await screen.findByRole('table', { name: '新加入、活躍及回頭會員' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('積分負債')).toBeInTheDocument();
  });
});

describe('the period picker’s ranges', () => {
  it('ends today; 12 months start on the first of the month 11 months back; custom ranges pick their interval', () => {
    expect(rangeOf('7d', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01', interval: 'day' });
    expect(rangeOf('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01', interval: 'day' });
    expect(rangeOf('12m', '2026-03-15')).toEqual({ from: '2025-04-01', to: '2026-03-15', interval: 'month' });
    expect(intervalFor('2026-01-01', '2026-03-31')).toBe('day');
    expect(intervalFor('2025-01-01', '2026-03-31')).toBe('week');
    expect(intervalFor('2020-01-01', '2026-03-31')).toBe('month');
    expect(rangeProblem('2026-03-02', '2026-03-01')).toBe('order');
    expect(rangeProblem('1990-01-01', '2026-03-01')).toBe('tooLong');
    expect(rangeProblem('', '2026-03-01')).toBe('missing');
    expect(rangeProblem('2026-03-01', '2026-03-01')).toBeNull();
  });
});
