import type { Membership } from '@loyalty/contracts';
import * as React from 'react';
import { useSearchParams } from 'react-router';
import { MountWhenOpened } from '@/components/mount-when-opened';
import { PageHeader } from '@/components/page-header';
import { Pager, pageOf } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { useMemberships } from './api/get-memberships';
import { MembershipCard } from './components/membership-card';
import { TierPolicyCard } from './components/tier-policy-card';
import { MEMBERSHIPS_TEXT } from './memberships-labels';

// The form (tabs, switch, colour picker, image zones) is fetched when first wanted, not with the list: pointing
// at or focusing Add or Edit starts the download, and the first opening waits for it if it is still under way.
const loadFormDialog = () => import('./components/membership-form-dialog');
const MembershipFormDialog = React.lazy(async () => ({ default: (await loadFormDialog()).MembershipFormDialog }));
const preloadFormDialog = () => {
  loadFormDialog().catch(() => {
    // Opening the dialog loads it again and reports a failure there.
  });
};

// The delete confirmation (a dialog's focus trap and scroll lock) loads when first opened.
const DeleteMembershipDialog = React.lazy(async () => ({
  default: (await import('./components/delete-membership-dialog')).DeleteMembershipDialog,
}));

/** The one place that says which dialog is open. */
type OpenDialog = { kind: 'create' } | { kind: 'edit'; id: string } | { kind: 'delete'; tier: Membership } | null;

/** The page lives in the URL (?page=2, counted from 1 there; zero-based for the API). */
function usePageParam() {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw - 1 : 0;
  const setPage = React.useCallback(
    (next: number) =>
      setParams(
        (current) => {
          const result = new URLSearchParams(current);
          if (next > 0) result.set('page', String(next + 1));
          else result.delete('page');
          return result;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [page, setPage] as const;
}

/** /memberships (spec data-screens "Memberships"): the tier catalogue as a card grid. */
export function MembershipsPage() {
  const canWrite = useCanWrite();
  const t = useT();
  const [page, setPage] = usePageParam();
  const [dialog, setDialog] = React.useState<OpenDialog>(null);
  // The form dialog is mounted from its first opening on, so that it closes (and resets) as before.
  const [formWanted, setFormWanted] = React.useState(false);
  const openForm = (next: { kind: 'create' } | { kind: 'edit'; id: string }) => {
    setFormWanted(true);
    setDialog(next);
  };
  const query = useMemberships(page);
  const totalPages = query.data?.totalPages;
  React.useEffect(() => {
    // The last tier of the last page was deleted: show the page before it.
    if (totalPages !== undefined && page > 0 && page >= totalPages) setPage(Math.max(totalPages - 1, 0));
  }, [totalPages, page, setPage]);

  const close = () => setDialog(null);
  const actions = canWrite
    ? {
        onEdit: (tier: Membership) => openForm({ kind: 'edit', id: tier.id }),
        onEditIntent: preloadFormDialog,
        onDelete: (tier: Membership) => setDialog({ kind: 'delete', tier }),
      }
    : null;
  const tiers = query.data?.content ?? [];

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <PageHeader
        text={{
          title: t(MEMBERSHIPS_TEXT.title),
          subtitle: t(MEMBERSHIPS_TEXT.subtitle),
          add: t(MEMBERSHIPS_TEXT.add),
        }}
        onAdd={canWrite ? () => openForm({ kind: 'create' }) : null}
        addProps={{ onPointerEnter: preloadFormDialog, onFocus: preloadFormDialog }}
      />
      {query.isError && !query.data ? (
        <Card role="alert" className="border-destructive/50">
          <CardHeader>
            <CardTitle className="text-destructive">{t(MEMBERSHIPS_TEXT.loadError)}</CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-start gap-3">
            <p className="text-muted-foreground text-sm">{query.error.message}</p>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              {t('memberships.retry')}
            </Button>
          </CardContent>
        </Card>
      ) : query.isPending ? (
        <div role="status" aria-label={t('memberships.loading')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : tiers.length === 0 ? (
        <p className="rounded-md border border-dashed p-8 text-center text-muted-foreground">
          {t(MEMBERSHIPS_TEXT.empty)}
        </p>
      ) : (
        <section aria-label={t('memberships.tiers')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {tiers.map((tier) => (
            <MembershipCard key={tier.id} tier={tier} actions={actions} />
          ))}
        </section>
      )}
      <Pager
        page={page}
        {...pageOf(query)}
        onPageChange={setPage}
        summary={t('memberships.showing', {
          shown: formatNumber(query.data?.numberOfElements ?? 0),
          total: formatNumber(query.data?.totalElements ?? 0),
        })}
      />
      {formWanted && (
        <React.Suspense fallback={null}>
          <MembershipFormDialog
            target={dialog?.kind === 'create' ? 'new' : dialog?.kind === 'edit' ? dialog.id : null}
            onClose={close}
          />
        </React.Suspense>
      )}
      <TierPolicyCard canWrite={canWrite} />
      <MountWhenOpened open={dialog?.kind === 'delete'}>
        <DeleteMembershipDialog tier={dialog?.kind === 'delete' ? dialog.tier : null} onClose={close} />
      </MountWhenOpened>
    </div>
  );
}
