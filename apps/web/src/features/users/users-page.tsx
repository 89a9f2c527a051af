import type { TenantUser } from '@loyalty/contracts';
import * as React from 'react';
import { ListPage } from '@/components/list-kit/list-page';
import { useKeepPageInRange, useListSearch } from '@/components/list-kit/use-list-search';
import { MountWhenOpened } from '@/components/mount-when-opened';
import { pageOf } from '@/components/pager';
import { useIsMobile } from '@/hooks/use-mobile';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite, useWorkspace } from '@/lib/workspace-context';
import { useUsers } from './api/get-users';
import { UsersCards } from './components/users-cards';
import { UsersTable } from './components/users-table';
import { USERS_TEXT } from './users-labels';

// The dialogs (the forms with their validation, the delete confirmation) load when one is first opened, not with
// the list: the list paints without their code.
const AddUserDialog = React.lazy(() =>
  import('./components/add-user-dialog').then((m) => ({ default: m.AddUserDialog })),
);
const EditUserDialog = React.lazy(() =>
  import('./components/edit-user-dialog').then((m) => ({ default: m.EditUserDialog })),
);
const DeleteUserDialog = React.lazy(() =>
  import('./components/delete-user-dialog').then((m) => ({ default: m.DeleteUserDialog })),
);

/** The one place that says which dialog is open. */
type OpenDialog = { kind: 'add' } | { kind: 'edit'; user: TenantUser } | { kind: 'delete'; user: TenantUser } | null;

/** /users: the tenant's team (spec data-screens "Users"); page and search in the URL (?page=2&filter=ada). */
export function UsersPage() {
  const { userId } = useWorkspace();
  const canWrite = useCanWrite();
  const isMobile = useIsMobile();
  const list = useListSearch('filter');
  const [dialog, setDialog] = React.useState<OpenDialog>(null);
  const t = useT();

  const query = useUsers({ page: list.page, filter: list.search });
  const { error, isError } = query;
  React.useEffect(() => {
    if (isError) toastFailure(translate('users.loadFailed'), error);
  }, [isError, error]);
  useKeepPageInRange(list, query.data?.totalPages);

  const users = query.data?.content ?? [];
  const emptyText = t(list.search ? USERS_TEXT.emptySearch : USERS_TEXT.empty);
  const actions = canWrite
    ? {
        ownUserId: userId,
        onEdit: (user: TenantUser) => setDialog({ kind: 'edit', user }),
        onDelete: (user: TenantUser) => setDialog({ kind: 'delete', user }),
      }
    : null;
  const close = () => setDialog(null);

  return (
    <ListPage
      text={USERS_TEXT}
      onAdd={canWrite ? () => setDialog({ kind: 'add' }) : null}
      list={list}
      {...pageOf(query)}
      // Users says "Loading…" from the first fetch on (the spec's users list).
      loading={query.isFetching}
      dialogs={
        <>
          <MountWhenOpened open={dialog?.kind === 'add'}>
            <AddUserDialog open={dialog?.kind === 'add'} onOpenChange={(open) => !open && close()} />
          </MountWhenOpened>
          <MountWhenOpened open={dialog?.kind === 'edit'}>
            <EditUserDialog user={dialog?.kind === 'edit' ? dialog.user : null} onClose={close} />
          </MountWhenOpened>
          <MountWhenOpened open={dialog?.kind === 'delete'}>
            <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
          </MountWhenOpened>
        </>
      }
    >
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">
          {t('users.loading')}
        </p>
      ) : isMobile ? (
        <UsersCards users={users} emptyText={emptyText} actions={actions} />
      ) : (
        <UsersTable users={users} emptyText={emptyText} actions={actions} />
      )}
    </ListPage>
  );
}
