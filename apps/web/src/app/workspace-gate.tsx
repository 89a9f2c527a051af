import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { Navigate, useLocation } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { useAuth } from '@/lib/auth-context';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { type Workspace, WorkspaceContext } from '@/lib/workspace-context';
import { prefetchScreenData } from './screen-prefetch';
import { WorkspaceShell } from './workspace-shell';

// The Edit Profile dialog (tabs, phone input with its country list, SMS code entry) is fetched the first time
// it is opened, so no workspace screen carries it in its first load.
const EditProfileDialog = React.lazy(() =>
  import('@/features/profile/components/edit-profile-dialog').then((m) => ({ default: m.EditProfileDialog })),
);

function PreparingWorkspace() {
  const t = useT();
  return (
    <div role="status" className="flex min-h-svh items-center justify-center gap-2 text-muted-foreground">
      <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
      <span>{t('workspace.preparing')}</span>
    </div>
  );
}

/** docs/spec/access-and-identity.md §2 "Gate of the workspace": nobody sees the shell before the member identity is known. */
export function WorkspaceGate() {
  const { user, loading, restoringUid, checkMemberIdentity } = useAuth();
  // The check starts as soon as the restored session's user is known from storage, alongside Firebase's own
  // look-up of that user; nothing is shown before Firebase has confirmed the same user (below).
  const uid = user?.uid ?? (loading ? restoringUid : null);
  const queryClient = useQueryClient();
  const location = useLocation();
  const identity = useQuery({
    queryKey: ['session', uid, 'member-identity'],
    queryFn: async () => {
      // The screen's first query leaves alongside the check, with the tenant this browser last used, rather
      // than after the shell has rendered and the screen mounted (~100 ms of a cold load). The API
      // decides what it may see as for any call; the screen shows nothing before the check lets it in.
      const stored = readStorage(STORAGE_KEYS.tenantId);
      if (stored) prefetchScreenData(queryClient, location, stored);
      const answer = await checkMemberIdentity();
      if (answer.status === 'OK' && answer.tenantId !== stored)
        prefetchScreenData(queryClient, location, answer.tenantId);
      return answer;
    },
    enabled: uid !== null,
    // Checked again on every entry to the workspace: the answer changes when verification completes.
    staleTime: 0,
    gcTime: 0,
  });
  const result = identity.data;
  const [profileOpen, setProfileOpen] = React.useState(false);
  // Once opened, the dialog stays mounted (closed) so it animates out and keeps its state like before.
  const [profileShown, setProfileShown] = React.useState(false);
  const workspace = React.useMemo<Workspace>(
    () =>
      result?.status === 'OK'
        ? { tenantId: result.tenantId, userId: result.userId, role: result.role, branchIds: result.branchIds ?? [] }
        : // A failed lookup lets the user through (spec) with the stored tenant and no write rights.
          {
            tenantId: readStorage(STORAGE_KEYS.tenantId) ?? '',
            userId: readStorage(STORAGE_KEYS.userId) ?? '',
            role: 'staff',
            branchIds: [],
          },
    [result],
  );

  React.useEffect(() => {
    if (result?.status !== 'UNKNOWN') return;
    // A failed lookup lets the user through (spec), but is logged and shown.
    console.error('Member identity check failed:', result.message); // i18n-ignore: a console line for developers, never shown
    toast({
      variant: 'destructive',
      title: translate('workspace.access'),
      description: result.message || translate('workspace.verifyFailed'),
    });
  }, [result]);

  if (loading) return <PreparingWorkspace />;
  if (!user) return <Navigate to="/login" replace />;
  if (!result) return <PreparingWorkspace />;
  if (result.status === 'PENDING') return <Navigate to="/register/verify" replace />;
  if (result.status === 'NOT_AUTHENTICATED') return <Navigate to="/login" replace />;
  return (
    <WorkspaceContext value={workspace}>
      <WorkspaceShell
        onEditProfile={() => {
          setProfileShown(true);
          setProfileOpen(true);
        }}
      />
      {profileShown && (
        <React.Suspense fallback={null}>
          <EditProfileDialog open={profileOpen} onOpenChange={setProfileOpen} />
        </React.Suspense>
      )}
    </WorkspaceContext>
  );
}
