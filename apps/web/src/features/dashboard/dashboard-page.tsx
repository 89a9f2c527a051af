import type { Dashboard } from '@loyalty/contracts';
import {
  CoinsIcon,
  CreditCardIcon,
  GiftIcon,
  HandCoinsIcon,
  type LucideIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import type { MessageKey } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { type Translate, useT } from '@/lib/i18n/use-t';
import { useSetup } from '@/lib/setup-api';
import { cn } from '@/lib/utils';
import { useCanWrite } from '@/lib/workspace-context';
import { useDashboard } from './api/get-dashboard';
import { SetupChecklist } from './components/setup-checklist';
import { TierMixChart } from './components/tier-mix-chart';
import { InsightsSection } from './insights/insights-section';
import { tierLabel } from './tier-label';

interface Metric {
  /** Stable across languages: the test id of the card's figure. */
  id: string;
  title: MessageKey;
  value: string;
  note: string;
  icon: LucideIcon;
}

/** The four cards of the spec, now with the tenant's live figures instead of the seed's placeholders. */
const CARDS = [
  { id: 'Total Users', title: 'dashboard.totalUsers', icon: UsersIcon }, // i18n-ignore
  { id: 'Active Memberships', title: 'dashboard.activeMemberships', icon: CreditCardIcon }, // i18n-ignore
  { id: 'Total Points Issued', title: 'dashboard.pointsIssued', icon: CoinsIcon }, // i18n-ignore
  { id: 'Wallet Cards Active', title: 'dashboard.walletCards', icon: WalletIcon }, // i18n-ignore
] as const;

function metrics(d: Dashboard | undefined, t: Translate): Metric[] {
  const [users, memberships, points, wallet] = CARDS;
  if (!d) return CARDS.map((card) => ({ ...card, value: '', note: '' }));
  const trend = d.pointsIssued.trendPercent;
  return [
    { ...users, value: formatNumber(d.teamUsers), note: t('dashboard.totalUsersNote') },
    {
      ...memberships,
      value: formatNumber(d.members.active),
      note: t('dashboard.membersInTotal', { count: d.members.total, total: formatNumber(d.members.total) }),
    },
    {
      ...points,
      value: formatNumber(d.pointsIssued.thisMonth),
      note:
        trend === null
          ? t('dashboard.noPointsLastMonth')
          : t('dashboard.trend', { trend: `${trend > 0 ? '+' : ''}${formatNumber(trend)}` }),
    },
    {
      ...wallet,
      value: formatNumber(d.walletCards.count),
      note: d.walletCards.basis === 'wallet' ? t('dashboard.walletCardsNote') : t('dashboard.walletCardsDesignNote'),
    },
  ];
}

/** A dashboard card: its small title with an icon on the right, then its content. */
function IconCard({
  title,
  icon: Icon,
  className,
  children,
}: {
  title: string;
  icon: LucideIcon;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={cn('gap-2', className)}>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="font-medium text-sm">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function MetricCard({ id, title, value, note, icon }: Metric) {
  const t = useT();
  return (
    <IconCard title={t(title)} icon={icon}>
      {value ? (
        <>
          <p className="font-bold text-2xl" data-testid={`metric-${id}`}>
            {value}
          </p>
          <p className="text-muted-foreground text-xs">{note}</p>
        </>
      ) : (
        <Skeleton className="h-10 w-24" />
      )}
    </IconCard>
  );
}

export function DashboardPage() {
  const t = useT();
  const query = useDashboard();
  const canWrite = useCanWrite();
  // The same query as the checklist's: whether it has loaded (and so taken its height above the insights).
  const setup = useSetup(canWrite);
  const d = query.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">{t('nav.dashboard')}</h1>
        <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
      </div>
      <SetupChecklist canWrite={canWrite} />
      {query.isError && (
        <p role="alert" className="text-destructive">
          {t('dashboard.loadFailed', {
            reason:
              query.error instanceof ApiError
                ? (query.error.serverMessage ?? query.error.message)
                : String(query.error),
          })}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {metrics(d, t).map((m) => (
          <MetricCard key={m.id} {...m} />
        ))}
      </div>
      {d && (
        <div className="grid gap-4 lg:grid-cols-3">
          <IconCard title={t('dashboard.pointsOutstanding')} icon={HandCoinsIcon}>
            <p className="font-bold text-2xl" data-testid="metric-Points Outstanding">
              {formatNumber(d.pointsOutstanding)}
            </p>
            <p className="text-muted-foreground text-xs" data-testid="metric-liability">
              {t('dashboard.liability', { amount: formatMoney(d.liability) })}
            </p>
          </IconCard>
          <Card className="gap-2 lg:col-span-2">
            <CardHeader>
              <CardTitle className="font-medium text-sm">{t('dashboard.membersByTier')}</CardTitle>
            </CardHeader>
            <CardContent>
              {d.tierMix.length === 0 ? (
                <p className="text-muted-foreground text-sm">{t('dashboard.noMembers')}</p>
              ) : (
                <figure aria-label={t('dashboard.membersByTierLabel')}>
                  <TierMixChart tierMix={d.tierMix} />
                  <figcaption>
                    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="tier-mix">
                      {d.tierMix.map((tier) => (
                        <li key={tier.tierId ?? 'none'} className="flex items-center gap-1.5">
                          <span
                            className="inline-block size-2.5 rounded-sm"
                            style={{ backgroundColor: tier.color }}
                            aria-hidden="true"
                          />
                          {tierLabel(tier)}: {formatNumber(tier.count)}
                        </li>
                      ))}
                    </ul>
                  </figcaption>
                </figure>
              )}
            </CardContent>
          </Card>
          {d.rewardRedemptions && d.rewardRedemptions.length > 0 && (
            <IconCard title={t('dashboard.rewardRedemptions')} icon={GiftIcon} className="lg:col-span-3">
              <ul className="grid gap-1 text-sm sm:grid-cols-2" data-testid="reward-redemptions">
                {d.rewardRedemptions.map((r) => (
                  <li key={r.rewardId ?? r.name} className="flex justify-between gap-4">
                    <span>{localizedName(r.name, r.nameZh, r.nameCn)}</span>
                    <span className="font-semibold tabular-nums">{formatNumber(r.count)}</span>
                  </li>
                ))}
              </ul>
            </IconCard>
          )}
        </div>
      )}
      <InsightsSection aboveLoaded={!query.isPending && (!canWrite || !setup.isPending)} />
    </div>
  );
}
