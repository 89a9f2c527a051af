import { type Promotion, WEEKDAYS } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatMoney, formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { DAY_LABELS } from '../promotions-labels';

const CELL = 'px-3 py-2';

/** The promotions, active first: what each gives, when it runs, how often it applied and what it gave. */
export function PromotionsTable({
  promotions,
  loading,
  canWrite,
  onEdit,
  onDelete,
}: {
  promotions: Promotion[];
  loading: boolean;
  canWrite: boolean;
  onEdit: (promotion: Promotion) => void;
  onDelete: (promotion: Promotion) => void;
}) {
  const t = useT();
  const offer = (p: Promotion) =>
    p.kind === 'MULTIPLIER'
      ? t('promotions.offerMultiplier', { factor: formatNumber(p.factor ?? 1) })
      : t('promotions.offerBonus', { points: formatNumber(p.bonusPoints ?? 0) });
  const when = (p: Promotion) => {
    const days =
      p.days === null || p.days.length === WEEKDAYS.length
        ? t('promotions.everyDay')
        : p.days.map((d) => t(DAY_LABELS[d])).join(', ');
    const hours = p.fromTime || p.toTime ? ` ${p.fromTime ?? '00:00'}–${p.toTime ?? '24:00'}` : '';
    const min = p.minAmount ? ` · ${t('promotions.overAmount', { amount: formatMoney(p.minAmount) })}` : '';
    return `${days}${hours}${min}`;
  };
  const dates = (p: Promotion) =>
    p.validFrom || p.validTo
      ? `${p.validFrom ? formatDate(p.validFrom) : '…'} – ${p.validTo ? formatDate(new Date(Date.parse(p.validTo) - 1)) : '…'}`
      : t('promotions.always');
  const columns: Column<Promotion>[] = [
    {
      header: t('promotions.name'),
      cell: (p) => (
        <span>
          <span className="block font-medium">{localizedName(p.name, p.nameZh, p.nameCn)}</span>
          <span className="block text-muted-foreground text-xs">{offer(p)}</span>
        </span>
      ),
      className: CELL,
    },
    { header: t('promotions.when'), cell: when, className: CELL },
    { header: t('promotions.valid'), cell: dates, className: CELL },
    {
      header: t('promotions.applied'),
      cell: (p) =>
        t('promotions.appliedFigures', { times: formatNumber(p.timesApplied), points: formatNumber(p.pointsGiven) }),
      className: `${CELL} tabular-nums`,
    },
    {
      header: t('promotions.status'),
      cell: (p) => (
        <Badge variant={p.active ? 'secondary' : 'outline'}>{t(p.active ? 'promotions.on' : 'promotions.off')}</Badge>
      ),
      className: CELL,
    },
    ...(canWrite
      ? [
          {
            header: t('promotions.actions'),
            cell: (p: Promotion) => (
              <span className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => onEdit(p)}>
                  {t('promotions.edit')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => onDelete(p)}>
                  {t('dialog.delete')}
                </Button>
              </span>
            ),
            className: CELL,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('promotions.title')}
      rows={promotions}
      rowKey={(p) => p.id}
      columns={columns}
      emptyText={loading ? t('common.loading') : t('promotions.empty')}
      headClassName="px-3"
      emptyClassName="px-3"
    />
  );
}
