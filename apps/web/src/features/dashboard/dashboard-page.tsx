import type { Dashboard } from '@loyalty/contracts';
import { CoinsIcon, CreditCardIcon, HandCoinsIcon, type LucideIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useDashboard } from './api/get-dashboard';
import { TierMixChart } from './components/tier-mix-chart';

interface Metric {
  title: string;
  value: string;
  note: string;
  icon: LucideIcon;
}

const number = (n: number) => n.toLocaleString();
const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const trend = (p: number | null) =>
  p === null ? 'No points issued last month' : `${p > 0 ? '+' : ''}${p}% from last month`;

/** The four cards of the spec, now with the tenant's live figures instead of the seed's placeholders. */
const TITLES = [
  { title: 'Total Users', icon: UsersIcon },
  { title: 'Active Memberships', icon: CreditCardIcon },
  { title: 'Total Points Issued', icon: CoinsIcon },
  { title: 'Wallet Cards Active', icon: WalletIcon },
];

function metrics(d: Dashboard | undefined): Metric[] {
  if (!d) return TITLES.map((t) => ({ ...t, value: '', note: '' }));
  return [
    { title: 'Total Users', value: number(d.teamUsers), note: 'Team users of this business', icon: UsersIcon },
    {
      title: 'Active Memberships',
      value: number(d.members.active),
      note: `${number(d.members.total)} ${d.members.total === 1 ? 'member' : 'members'} in total`,
      icon: CreditCardIcon,
    },
    {
      title: 'Total Points Issued',
      value: number(d.pointsIssued.thisMonth),
      note: trend(d.pointsIssued.trendPercent),
      icon: CoinsIcon,
    },
    {
      title: 'Wallet Cards Active',
      value: number(d.walletCards.count),
      note:
        d.walletCards.basis === 'wallet'
          ? 'Active members with a wallet card'
          : 'Members (design a wallet card to issue cards)',
      icon: WalletIcon,
    },
  ];
}

function MetricCard({ title, value, note, icon: Icon }: Metric) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="font-medium text-sm">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        {value ? (
          <>
            <p className="font-bold text-2xl" data-testid={`metric-${title}`}>
              {value}
            </p>
            <p className="text-muted-foreground text-xs">{note}</p>
          </>
        ) : (
          <Skeleton className="h-10 w-24" />
        )}
      </CardContent>
    </Card>
  );
}

export function DashboardPage() {
  const query = useDashboard();
  const d = query.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Overview of your membership and loyalty programme.</p>
      </div>
      {query.isError && (
        <p role="alert" className="text-destructive">
          Failed to load the dashboard:{' '}
          {query.error instanceof ApiError ? (query.error.serverMessage ?? query.error.message) : String(query.error)}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {metrics(d).map((m) => (
          <MetricCard key={m.title} {...m} />
        ))}
      </div>
      {d && (
        <div className="grid gap-4 lg:grid-cols-3">
          <Card className="gap-2">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="font-medium text-sm">Points Outstanding</CardTitle>
              <HandCoinsIcon className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="font-bold text-2xl" data-testid="metric-Points Outstanding">
                {number(d.pointsOutstanding)}
              </p>
              <p className="text-muted-foreground text-xs" data-testid="metric-liability">
                Liability {money.format(d.liability)} at the redeem rate
              </p>
            </CardContent>
          </Card>
          <Card className="gap-2 lg:col-span-2">
            <CardHeader>
              <CardTitle className="font-medium text-sm">Members by Tier</CardTitle>
            </CardHeader>
            <CardContent>
              {d.tierMix.length === 0 ? (
                <p className="text-muted-foreground text-sm">No members yet</p>
              ) : (
                <figure aria-label="Members by tier">
                  <TierMixChart tierMix={d.tierMix} />
                  <figcaption>
                    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="tier-mix">
                      {d.tierMix.map((t) => (
                        <li key={t.tierId ?? 'none'} className="flex items-center gap-1.5">
                          <span
                            className="inline-block size-2.5 rounded-sm"
                            style={{ backgroundColor: t.color }}
                            aria-hidden="true"
                          />
                          {t.name}: {number(t.count)}
                        </li>
                      ))}
                    </ul>
                  </figcaption>
                </figure>
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
