import type { Branch } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { branchName } from '@/lib/branches';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';

const CELL = 'px-3 py-2';

/** The branches, oldest first: name and address in the reader's language, phone, place on the map, state. */
export function BranchesTable({
  branches,
  loading,
  canWrite,
  onEdit,
  onDelete,
}: {
  branches: Branch[];
  loading: boolean;
  canWrite: boolean;
  onEdit: (branch: Branch) => void;
  onDelete: (branch: Branch) => void;
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
    { header: t('branches.phone'), cell: (b) => b.phone ?? '', className: `${CELL} tabular-nums` },
    {
      header: t('branches.coordinates'),
      cell: (b) => (b.latitude === null ? t('branches.noCoordinates') : `${b.latitude}, ${b.longitude}`),
      className: `${CELL} tabular-nums`,
    },
    {
      header: t('branches.status'),
      cell: (b) => (
        <Badge variant={b.active ? 'secondary' : 'outline'}>{t(b.active ? 'branches.on' : 'branches.off')}</Badge>
      ),
      className: CELL,
    },
    ...(canWrite
      ? [
          {
            header: t('branches.actions'),
            cell: (b: Branch) => (
              <span className="flex flex-wrap items-center gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('branches.editWho', { name: branchName(b) })}
                  onClick={() => onEdit(b)}
                >
                  {t('branches.edit')}
                </Button>
                {/* A branch entries name is deactivated, not deleted: instead of Delete, the row says why. */}
                {b.inUse ? (
                  <span className="text-muted-foreground text-xs">{t('branches.inUse')}</span>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('branches.deleteWho', { name: branchName(b) })}
                    onClick={() => onDelete(b)}
                  >
                    {t('dialog.delete')}
                  </Button>
                )}
              </span>
            ),
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
      emptyText={loading ? t('common.loading') : t('branches.empty')}
      headClassName="px-3"
      emptyClassName="px-3"
    />
  );
}
