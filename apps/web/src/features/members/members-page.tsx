import type { MemberRow } from '@loyalty/contracts';
import { DownloadIcon, UploadIcon } from 'lucide-react';
import * as React from 'react';
import { BranchFilter } from '@/components/branch-filter';
import { ListPage } from '@/components/list-kit/list-page';
import { useKeepPageInRange, useListSearch } from '@/components/list-kit/use-list-search';
import { MountWhenOpened } from '@/components/mount-when-opened';
import { pageOf } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/failure-toast';
import { formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { useMembers } from './api/get-members';
import { useExportMembers } from './api/member-files';
import { MembersTable } from './components/members-table';
import { failureMessage, MEMBERS_TEXT } from './members-labels';

// The member dialogs (the form, the delete confirmation, the detail with its ledger and wallet passes) load
// when one is first opened, not with the list: the list paints without their code.
const MemberFormDialog = React.lazy(() =>
  import('./components/member-form-dialog').then((m) => ({ default: m.MemberFormDialog })),
);
const DeleteMemberDialog = React.lazy(() =>
  import('./components/delete-member-dialog').then((m) => ({ default: m.DeleteMemberDialog })),
);
const MemberDetailDialog = React.lazy(() =>
  import('./components/member-detail-dialog').then((m) => ({ default: m.MemberDetailDialog })),
);
// The CSV import (csv-parse and its steps, some 10 KB of brotli) loads when Import is pressed, not with the
// list (the workspace screens' first load).
const ImportMembersDialog = React.lazy(() =>
  import('./components/import-members-dialog').then((m) => ({ default: m.ImportMembersDialog })),
);

/** The one place that says which dialog is open (the member detail lives in the URL). */
type OpenDialog =
  | { kind: 'add' }
  | { kind: 'import' }
  | { kind: 'edit'; member: MemberRow }
  | { kind: 'delete'; member: MemberRow }
  | null;

/** /members (spec data-screens "Members"), searched and paged on the server (?page=2&search=ada&member=<id>). */
export function MembersPage() {
  const canWrite = useCanWrite();
  const list = useListSearch('search');
  const member = list.params.get('member');
  const showMember = (id: string | null) => list.update({ extra: { member: id } });
  const [dialog, setDialog] = React.useState<OpenDialog>(null);
  const t = useT();
  const exporting = useExportMembers();

  const branch = list.params.get('branch') ?? '';
  const query = useMembers({ page: list.page, search: list.search, ...(branch ? { branchId: branch } : {}) });
  useKeepPageInRange(list, query.data?.totalPages);

  const rows = query.data?.content ?? [];
  const close = () => setDialog(null);
  const actions = canWrite
    ? {
        onEdit: (m: MemberRow) => setDialog({ kind: 'edit', member: m }),
        onDelete: (m: MemberRow) => setDialog({ kind: 'delete', member: m }),
      }
    : null;

  return (
    <ListPage
      text={MEMBERS_TEXT}
      onAdd={canWrite ? () => setDialog({ kind: 'add' }) : null}
      actions={
        <>
          <BranchFilter
            id="members-branch"
            value={branch}
            onChange={(id) => list.update({ page: 0, extra: { branch: id || null } })}
          />
          {canWrite && (
            <>
              <Button
                variant="outline"
                disabled={exporting.isPending}
                onClick={() =>
                  exporting.mutate(list.search, {
                    onError: (error) => toastFailure(t('import.exportFailed'), error),
                  })
                }
              >
                <DownloadIcon aria-hidden="true" />
                {exporting.isPending ? t('import.exporting') : t('import.export')}
              </Button>
              <Button variant="outline" onClick={() => setDialog({ kind: 'import' })}>
                <UploadIcon aria-hidden="true" />
                {t('import.open')}
              </Button>
            </>
          )}
        </>
      }
      list={list}
      {...pageOf(query)}
      summary={t('members.showing', {
        shown: formatNumber(query.data?.numberOfElements ?? 0),
        total: formatNumber(query.data?.totalElements ?? 0),
      })}
      dialogs={
        <>
          <MountWhenOpened open={dialog?.kind === 'add' || dialog?.kind === 'edit'}>
            <MemberFormDialog
              target={dialog?.kind === 'add' ? 'new' : dialog?.kind === 'edit' ? dialog.member : null}
              onClose={close}
            />
          </MountWhenOpened>
          <MountWhenOpened open={dialog?.kind === 'delete'}>
            <DeleteMemberDialog member={dialog?.kind === 'delete' ? dialog.member : null} onClose={close} />
          </MountWhenOpened>
          {dialog?.kind === 'import' && (
            <React.Suspense fallback={null}>
              <ImportMembersDialog open onClose={close} />
            </React.Suspense>
          )}
          <MountWhenOpened open={member !== null}>
            <MemberDetailDialog memberId={member} canAdjust={canWrite} onClose={() => showMember(null)} />
          </MountWhenOpened>
        </>
      }
    >
      {query.isError && !query.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          <p className="font-medium">{t(MEMBERS_TEXT.failed)}</p>
          <p className="text-sm">{failureMessage(query.error)}</p>
        </div>
      ) : query.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('members.loading')}
        </p>
      ) : (
        <MembersTable members={rows} actions={actions} onOpen={(m) => showMember(m.userId)} />
      )}
    </ListPage>
  );
}
