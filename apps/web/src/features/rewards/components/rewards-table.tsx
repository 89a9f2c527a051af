import type { Reward } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { rewardCost, rewardName, rewardOffer } from '@/lib/reward-text';

const CELL = 'px-3 py-2';

/** The rewards, cheapest first: what each gives and costs, stock, limit, dates, how often redeemed. */
export function RewardsTable({
  rewards,
  loading,
  canWrite,
  onEdit,
  onDelete,
}: {
  rewards: Reward[];
  loading: boolean;
  canWrite: boolean;
  onEdit: (reward: Reward) => void;
  onDelete: (reward: Reward) => void;
}) {
  const t = useT();
  const dates = (r: Reward) =>
    r.validFrom || r.validTo
      ? `${r.validFrom ? formatDate(r.validFrom) : '…'} – ${r.validTo ? formatDate(new Date(Date.parse(r.validTo) - 1)) : '…'}`
      : t('rewards.always');
  const columns: Column<Reward>[] = [
    {
      header: t('rewards.name'),
      cell: (r) => (
        <span className="flex items-center gap-3">
          {r.imageUrl && <img src={r.imageUrl} alt="" className="size-10 rounded object-cover" />}
          <span>
            <span className="block font-medium">{rewardName(r)}</span>
            <span className="block text-muted-foreground text-xs">{rewardOffer(r)}</span>
          </span>
        </span>
      ),
      className: CELL,
    },
    { header: t('rewards.pointsCost'), cell: (r) => rewardCost(r.pointsCost), className: `${CELL} tabular-nums` },
    {
      header: t('rewards.stock'),
      cell: (r) => (r.stock === null ? t('rewards.unlimited') : formatNumber(r.stock)),
      className: `${CELL} tabular-nums`,
    },
    {
      header: t('rewards.perMemberLimit'),
      cell: (r) => (r.perMemberLimit === null ? t('rewards.noLimit') : formatNumber(r.perMemberLimit)),
      className: `${CELL} tabular-nums`,
    },
    { header: t('rewards.valid'), cell: dates, className: CELL },
    { header: t('rewards.redeemed'), cell: (r) => formatNumber(r.redeemed), className: `${CELL} tabular-nums` },
    {
      header: t('rewards.status'),
      cell: (r) => (
        <Badge variant={r.active ? 'secondary' : 'outline'}>{t(r.active ? 'rewards.on' : 'rewards.off')}</Badge>
      ),
      className: CELL,
    },
    ...(canWrite
      ? [
          {
            header: t('rewards.actions'),
            cell: (r: Reward) => (
              <span className="flex gap-2">
                <Button variant="outline" size="sm" onClick={() => onEdit(r)}>
                  {t('rewards.edit')}
                </Button>
                <Button variant="outline" size="sm" onClick={() => onDelete(r)}>
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
      label={t('rewards.title')}
      rows={rewards}
      rowKey={(r) => r.id}
      columns={columns}
      emptyText={loading ? t('common.loading') : t('rewards.empty')}
      headClassName="px-3"
      emptyClassName="px-3"
    />
  );
}
