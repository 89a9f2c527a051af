import type { MemberRow } from '@loyalty/contracts';
import { PlusIcon, SearchIcon } from 'lucide-react';
import * as React from 'react';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCanWrite } from '@/lib/workspace-context';
import { useMembers } from './api/get-members';
import { DeleteMemberDialog } from './components/delete-member-dialog';
import { MemberDetailDialog } from './components/member-detail-dialog';
import { MemberFormDialog } from './components/member-form-dialog';
import { MembersTable } from './components/members-table';
import { failureMessage, MEMBERS_TEXT, SEARCH_DEBOUNCE_MS } from './members-labels';
import { useDebouncedValue, useMembersSearchParams } from './use-members-search-params';

/** The one place that says which dialog is open (the member detail lives in the URL). */
type OpenDialog = { kind: 'add' } | { kind: 'edit'; member: MemberRow } | { kind: 'delete'; member: MemberRow } | null;

/** /members (spec data-screens "Members"), searched and paged on the server. */
export function MembersPage() {
  const canWrite = useCanWrite();
  const { page, search, member, update } = useMembersSearchParams();
  const [text, setText] = React.useState(search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = React.useState<OpenDialog>(null);

  React.useEffect(() => {
    if (debounced.trim() !== search.trim()) update({ search: debounced.trim(), page: 0 });
  }, [debounced, search, update]);

  const query = useMembers({ page, search: search.trim() });
  const totalPages = query.data?.totalPages;
  React.useEffect(() => {
    if (totalPages !== undefined && page > 0 && page >= totalPages) update({ page: Math.max(totalPages - 1, 0) });
  }, [totalPages, page, update]);

  const rows = query.data?.content ?? [];
  const close = () => setDialog(null);
  const actions = canWrite
    ? {
        onEdit: (m: MemberRow) => setDialog({ kind: 'edit', member: m }),
        onDelete: (m: MemberRow) => setDialog({ kind: 'delete', member: m }),
      }
    : null;

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-2xl tracking-tight">{MEMBERS_TEXT.title}</h1>
          <p className="text-muted-foreground">{MEMBERS_TEXT.subtitle}</p>
        </div>
        {canWrite && (
          <Button onClick={() => setDialog({ kind: 'add' })}>
            <PlusIcon aria-hidden="true" />
            {MEMBERS_TEXT.add}
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
          aria-label={MEMBERS_TEXT.search}
          placeholder={MEMBERS_TEXT.search}
          className="pl-8"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      {query.isError && !query.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4 text-destructive">
          <p className="font-medium">{MEMBERS_TEXT.failed}</p>
          <p className="text-sm">{failureMessage(query.error)}</p>
        </div>
      ) : query.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading members…
        </p>
      ) : (
        <MembersTable members={rows} actions={actions} onOpen={(m) => update({ member: m.userId })} />
      )}
      <Pager
        page={page}
        totalPages={query.data?.totalPages ?? 1}
        last={query.data?.last}
        loading={query.isFetching && !query.isPending}
        onPageChange={(next) => update({ page: next })}
        summary={`Showing ${query.data?.numberOfElements ?? 0} of ${query.data?.totalElements ?? 0} members`}
      />
      <MemberFormDialog
        target={dialog?.kind === 'add' ? 'new' : dialog?.kind === 'edit' ? dialog.member : null}
        onClose={close}
      />
      <DeleteMemberDialog member={dialog?.kind === 'delete' ? dialog.member : null} onClose={close} />
      <MemberDetailDialog memberId={member} canAdjust={canWrite} onClose={() => update({ member: null })} />
    </div>
  );
}
