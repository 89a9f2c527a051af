import type { Branch } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { branchName } from '@/lib/branches';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { BranchActions, type BranchActionsProps } from './branch-actions';
import { BranchStatus } from './branch-status';

const CELL = 'px-3 py-2';

/** The branches, oldest first: name and address in the reader's language, phone, place on the map, state. */
export function BranchesTable({
  branches,
  emptyText,
  actions,
}: {
  branches: Branch[];
  emptyText: string;
  /** Without it (no write rights) there is no Actions column. */
  actions: BranchActionsProps | null;
}) {
  const t = useT();
  const columns: Column<Branch>[] = [
    {
      header: t('branches.name'),
      cell: (b) => (
        <span>
          <span className="block font-medium">{branchName(b)}</span>
          {b.address && (
            <span className="block text-muted-foreground text-xs">
              {localizedName(b.address, b.addressZh, b.addressCn)}
            </span>
          )}
        </span>
      ),
      className: CELL,
    },
    { header: t('branches.phone'), cell: (b) => b.phone ?? '', className: `${CELL} whitespace-nowrap tabular-nums` },
    {
      header: t('branches.coordinates'),
      cell: (b) => (b.latitude === null ? t('branches.noCoordinates') : `${b.latitude}, ${b.longitude}`),
      className: `${CELL} tabular-nums`,
    },
    { header: t('branches.status'), cell: (b) => <BranchStatus branch={b} />, className: CELL },
    ...(actions
      ? [
          {
            header: t('branches.actions'),
            cell: (b: Branch) => <BranchActions branch={b} {...actions} />,
            className: CELL,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      label={t('branches.title')}
      rows={branches}
      rowKey={(b) => b.id}
      columns={columns}
      emptyText={emptyText}
      headClassName="px-3"
      emptyClassName="px-3"
    />
  );
}
