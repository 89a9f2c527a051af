import type { Branch } from '@loyalty/contracts';
import { ListCards } from '@/components/list-kit/list-cards';
import { branchName } from '@/lib/branches';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { BranchActions, type BranchActionsProps } from './branch-actions';
import { BranchStatus } from './branch-status';

/** Below 768 px: one card per branch (name, address, status, phone, place on the map, actions) instead of a table. */
export function BranchesCards({
  branches,
  emptyText,
  actions,
}: {
  branches: Branch[];
  emptyText: string;
  actions: BranchActionsProps | null;
}) {
  const t = useT();
  return (
    <ListCards
      label={t('branches.title')}
      rows={branches}
      rowKey={(b) => b.id}
      emptyText={emptyText}
      card={(b) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{branchName(b)}</p>
              {b.address && (
                <p className="text-muted-foreground text-xs">{localizedName(b.address, b.addressZh, b.addressCn)}</p>
              )}
            </div>
            <BranchStatus branch={b} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            {b.phone && (
              <>
                <dt className="text-muted-foreground">{t('branches.phone')}</dt>
                <dd className="tabular-nums">{b.phone}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{t('branches.coordinates')}</dt>
            <dd className="tabular-nums">
              {b.latitude === null ? t('branches.noCoordinates') : `${b.latitude}, ${b.longitude}`}
            </dd>
          </dl>
          {actions && <BranchActions branch={b} {...actions} />}
        </>
      )}
    />
  );
}
