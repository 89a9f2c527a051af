import { BRANCHES_MAX, type Branch } from '@loyalty/contracts';
import { PlusIcon } from 'lucide-react';
import * as React from 'react';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { useIsMobile } from '@/hooks/use-mobile';
import { failureMessage } from '@/lib/api-error';
import { branchName, useBranches } from '@/lib/branches';
import { toastFailure } from '@/lib/failure-toast';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { useDeleteBranch } from './api/delete-branch';
import { BranchFormDialog } from './components/branch-form-dialog';
import { BranchesCards } from './components/branches-cards';
import { BranchesTable } from './components/branches-table';

/** Which dialog is open (one at a time). */
type Open = { kind: 'edit'; target: Branch | 'new' } | { kind: 'delete'; branch: Branch } | null;

/**
 * /branches: the business's shops (docs/design.md §10 "Branches"; not the spec's Store Settings, which stay its
 * branding). Every role reads; owners and admins add, edit, deactivate and delete one no entry names.
 */
export function BranchesPage() {
  const t = useT();
  const canWrite = useCanWrite();
  const branches = useBranches();
  const remove = useDeleteBranch();
  const [open, setOpen] = React.useState<Open>(null);
  const isMobile = useIsMobile();
  const full = (branches.data?.length ?? 0) >= BRANCHES_MAX;
  const emptyText = branches.isPending ? t('common.loading') : t('branches.empty');
  const actions = canWrite
    ? {
        onEdit: (branch: Branch) => setOpen({ kind: 'edit', target: branch }),
        onDelete: (branch: Branch) => setOpen({ kind: 'delete', branch }),
      }
    : null;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{t('branches.title')}</h1>
          <p className="text-muted-foreground">{t('branches.subtitle')}</p>
        </div>
        {canWrite && (
          <Button onClick={() => setOpen({ kind: 'edit', target: 'new' })} disabled={full}>
            <PlusIcon aria-hidden="true" />
            {t('branches.add')}
          </Button>
        )}
      </div>
      {full && <p className="text-muted-foreground text-sm">{t('branches.full', { count: BRANCHES_MAX })}</p>}
      {branches.isError && <p role="alert">{failureMessage(branches.error)}</p>}
      {isMobile ? (
        <BranchesCards branches={branches.data ?? []} emptyText={emptyText} actions={actions} />
      ) : (
        <BranchesTable branches={branches.data ?? []} emptyText={emptyText} actions={actions} />
      )}
      <BranchFormDialog
        target={open?.kind === 'edit' ? open.target : null}
        onClose={() => setOpen((current) => (current?.kind === 'edit' ? null : current))}
      />
      <ConfirmRemovalDialog
        item={open?.kind === 'delete' ? open.branch : null}
        remove={(branch) => remove.mutateAsync(branch.id)}
        removed={() => ({ title: t('branches.deleted') })}
        onFailure={(error) => toastFailure(t('branches.deleteFailed'), error)}
        onClose={() => setOpen(null)}
        title={t('branches.deleteTitle')}
        description={t('branches.deleteDescription', { name: open?.kind === 'delete' ? branchName(open.branch) : '' })}
        pending={remove.isPending}
      />
    </div>
  );
}
