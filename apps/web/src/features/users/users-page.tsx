import type { TenantUser } from '@loyalty/contracts';
import { PlusIcon, SearchIcon } from 'lucide-react';
import * as React from 'react';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useIsMobile } from '@/hooks/use-mobile';
import { useCanWrite, useWorkspace } from '@/lib/workspace-context';
import { useUsers } from './api/get-users';
import { AddUserDialog } from './components/add-user-dialog';
import { DeleteUserDialog } from './components/delete-user-dialog';
import { EditUserDialog } from './components/edit-user-dialog';
import { UsersCards } from './components/users-cards';
import { UsersTable } from './components/users-table';
import { useDebouncedValue, useUsersSearchParams } from './use-users-search-params';
import { failureMessage, SEARCH_DEBOUNCE_MS, USERS_TEXT } from './users-labels';

/** The one place that says which dialog is open. */
type OpenDialog = { kind: 'add' } | { kind: 'edit'; user: TenantUser } | { kind: 'delete'; user: TenantUser } | null;

/** /users: the tenant's team (spec data-screens "Users"). */
export function UsersPage() {
  const { userId } = useWorkspace();
  const canWrite = useCanWrite();
  const isMobile = useIsMobile();
  const { page, filter, update } = useUsersSearchParams();
  const [search, setSearch] = React.useState(filter);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = React.useState<OpenDialog>(null);

  React.useEffect(() => {
    // A new search starts from the first page; the URL keeps both.
    if (debounced.trim() !== filter.trim()) update({ filter: debounced.trim(), page: 0 });
  }, [debounced, filter, update]);

  const query = useUsers({ page, filter: filter.trim() });
  const { error, isError } = query;
  React.useEffect(() => {
    if (isError) toast({ variant: 'destructive', title: 'Failed to load users', description: failureMessage(error) });
  }, [isError, error]);

  const totalPages = query.data?.totalPages;
  React.useEffect(() => {
    // Deleting the last row of the last page (or a stale URL) leaves an empty page behind: step back.
    if (totalPages !== undefined && page > 0 && page >= totalPages) update({ page: Math.max(totalPages - 1, 0) });
  }, [totalPages, page, update]);

  const users = query.data?.content ?? [];
  const emptyText = filter.trim() ? USERS_TEXT.emptySearch : USERS_TEXT.empty;
  const actions = canWrite
    ? {
        ownUserId: userId,
        onEdit: (user: TenantUser) => setDialog({ kind: 'edit', user }),
        onDelete: (user: TenantUser) => setDialog({ kind: 'delete', user }),
      }
    : null;
  const close = () => setDialog(null);

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{USERS_TEXT.title}</h1>
          <p className="text-muted-foreground">{USERS_TEXT.subtitle}</p>
        </div>
        {canWrite && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <PlusIcon aria-hidden="true" />
            {USERS_TEXT.add}
          </Button>
        )}
      </div>
      <div className="relative max-w-sm">
        <SearchIcon
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={USERS_TEXT.search}
          placeholder={USERS_TEXT.search}
          className="pl-8"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {query.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading users…
        </p>
      ) : isMobile ? (
        <UsersCards users={users} emptyText={emptyText} actions={actions} />
      ) : (
        <UsersTable users={users} emptyText={emptyText} actions={actions} />
      )}
      <Pager
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        last={query.data?.last}
        loading={query.isFetching}
        onPageChange={(next) => update({ page: next })}
      />
      <AddUserDialog open={dialog?.kind === 'add'} onOpenChange={(open) => !open && close()} />
      <EditUserDialog user={dialog?.kind === 'edit' ? dialog.user : null} onClose={close} />
      <DeleteUserDialog user={dialog?.kind === 'delete' ? dialog.user : null} onClose={close} />
    </div>
  );
}
