import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ThemeToggle } from '@/components/theme-toggle';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { displayNameOf, useProfile } from '@/features/profile/api/get-profile';
import { useSaveLanguage } from '@/features/profile/api/save-language';
import { useAuth } from '@/lib/auth-context';
import { activeLocale, setLocale } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import { useT } from '@/lib/i18n/use-t';
import { useLiveChanges } from '@/lib/live-changes';
import { useTenantId } from '@/lib/workspace-context';
import { AppSidebar } from './app-sidebar';

interface WorkspaceShellProps {
  /** Opens the own-profile dialog (rendered by the gate). */
  onEditProfile?: () => void;
}

export function WorkspaceShell({ onEditProfile }: WorkspaceShellProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // The portal's own record of the name and e-mail (GET /api/users/me); Firebase's only until it loads.
  const profile = useProfile({ enabled: user !== null }).data;
  const displayName = (profile && displayNameOf(profile)) || user?.displayName || null;
  const email = profile?.email || user?.email || null;
  // Screens follow the data: changes made elsewhere refetch what they touched (lib/live-changes.ts).
  useLiveChanges(useTenantId());

  const onLogout = React.useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);

  // The account's language wins once it is known (it follows the user from another browser), once per session:
  // a choice made here afterwards is the user's and is saved to the account.
  const saveLanguage = useSaveLanguage().mutate;
  const applied = React.useRef(false);
  React.useEffect(() => {
    if (!profile || applied.current) return;
    applied.current = true;
    if (profile.language && profile.language !== activeLocale()) void setLocale(profile.language);
  }, [profile]);
  const onLanguage = React.useCallback(
    (locale: Locale) => {
      applied.current = true;
      void setLocale(locale);
      saveLanguage(locale);
    },
    [saveLanguage],
  );

  return (
    <SidebarProvider>
      <AppSidebar
        displayName={displayName}
        email={email}
        onEditProfile={() => onEditProfile?.()}
        onLogout={onLogout}
        onLanguage={onLanguage}
      />
      <SidebarInset>
        <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b bg-background px-4">
          <SidebarTrigger className="-ml-1" />
          <Separator orientation="vertical" className="mr-2 data-[orientation=vertical]:h-4" />
          <div className="ml-auto flex items-center gap-2">
            <ThemeToggle />
          </div>
        </header>
        <div className="flex flex-1 flex-col p-4 md:p-6">
          <React.Suspense fallback={<ScreenLoading />}>
            <Outlet />
          </React.Suspense>
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

/** Shown in the content area while a screen's code is fetched (first visit only). */
function ScreenLoading() {
  const t = useT();
  return (
    <div role="status" className="flex items-center gap-2 py-10 text-muted-foreground text-sm">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {t('common.loading')}
    </div>
  );
}
