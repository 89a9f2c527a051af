import type { Branch } from '@loyalty/contracts';
import { Button } from '@/components/ui/button';
import { branchName } from '@/lib/branches';
import { useT } from '@/lib/i18n/use-t';

export type BranchActionsProps = { onEdit: (branch: Branch) => void; onDelete: (branch: Branch) => void };

/** Edit, and Delete while no entry names the branch; once one does, the row says it is in use instead. */
export function BranchActions({ branch, onEdit, onDelete }: BranchActionsProps & { branch: Branch }) {
  const t = useT();
  const name = branchName(branch);
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Button variant="outline" size="sm" aria-label={t('branches.editWho', { name })} onClick={() => onEdit(branch)}>
        {t('branches.edit')}
      </Button>
      {/* A branch entries name is deactivated, not deleted: the owner reads why Delete is not offered. */}
      {branch.inUse ? (
        <span className="text-muted-foreground text-xs">{t('branches.inUse')}</span>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={t('branches.deleteWho', { name })}
          onClick={() => onDelete(branch)}
        >
          {t('dialog.delete')}
        </Button>
      )}
    </span>
  );
}
