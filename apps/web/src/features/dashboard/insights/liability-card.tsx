import { DownloadIcon, ScaleIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { toastFailure } from '@/lib/failure-toast';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { activeLocale } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadLiability, useLiability } from './api';

const percent = (ratio: number) =>
  new Intl.NumberFormat(activeLocale(), { style: 'percent', maximumFractionDigits: 1 }).format(ratio);

/**
 * What the points owe now (docs/design.md §10): outstanding points and their value at the redeem rate, what lapses
 * within 30, 60 and 90 days, balances below zero, the last 12 months' breakage, per tier and erased members, with
 * the same figures as a CSV for the accountant.
 */
export function LiabilityCard({ branchId }: { branchId: string | null }) {
  const t = useT();
  const query = useLiability(branchId);
  const download = useDownloadLiability();
  const l = query.data;
  return (
    <Card className="gap-2" data-testid="insights-liability">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 font-medium text-sm">
          <ScaleIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          {t('insights.liability')}
        </CardTitle>
        <Button
          variant="outline"
          size="sm"
          disabled={!l || download.isPending}
          onClick={() => download.mutate(branchId, { onError: (e) => toastFailure(t('import.exportFailed'), e) })}
        >
          <DownloadIcon aria-hidden="true" />
          {t('insights.downloadLiability')}
        </Button>
      </CardHeader>
      <CardContent>
        {query.isError && !l ? (
          <p role="alert" className="text-destructive text-sm">
            {t('insights.failed', { reason: failureMessage(query.error) })}
          </p>
        ) : !l ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
              <dt>{t('insights.outstanding')}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid="liability-outstanding">
                {formatNumber(l.outstandingPoints)}
              </dd>
              <dt>{t('insights.outstandingValue')}</dt>
              <dd className="text-right font-semibold tabular-nums">{formatMoney(l.outstandingValue)}</dd>
              <dt>{t('insights.expiring30')}</dt>
              <dd className="text-right tabular-nums">{formatNumber(l.expiring.days30)}</dd>
              <dt>{t('insights.expiring60')}</dt>
              <dd className="text-right tabular-nums">{formatNumber(l.expiring.days60)}</dd>
              <dt>{t('insights.expiring90')}</dt>
              <dd className="text-right tabular-nums">{formatNumber(l.expiring.days90)}</dd>
              <dt>
                {t('insights.negative', { count: l.negative.members, members: formatNumber(l.negative.members) })}
              </dt>
              <dd className="text-right tabular-nums">{formatNumber(l.negative.points)}</dd>
              <dt>{t('insights.breakage')}</dt>
              <dd className="text-right tabular-nums">
                {l.breakage12m === null ? t('insights.noBreakage') : percent(l.breakage12m)}
              </dd>
            </dl>
            <table className="w-full text-sm">
              <caption className="pb-1 text-left font-medium">{t('insights.byTier')}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-1 text-left font-medium">
                    {t('insights.tier')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('insights.tierMembers')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('insights.tierPoints')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {l.byTier.map((row) => (
                  <tr key={row.tierId ?? 'none'} className="border-b">
                    <th scope="row" className="py-1 text-left font-normal">
                      {row.tierId === null ? t('dashboard.noTier') : localizedName(row.name, row.nameZh, row.nameCn)}
                    </th>
                    <td className="py-1 text-right tabular-nums">{formatNumber(row.members)}</td>
                    <td className="py-1 text-right tabular-nums">{formatNumber(row.points)}</td>
                  </tr>
                ))}
                <tr>
                  <th scope="row" className="py-1 text-left font-normal">
                    {t('insights.erased')}
                  </th>
                  <td className="py-1 text-right tabular-nums" />
                  <td className="py-1 text-right tabular-nums">{formatNumber(l.erased.points)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
