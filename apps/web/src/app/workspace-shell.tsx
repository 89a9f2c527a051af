import * as React from 'react';
import { Outlet, useNavigate } from 'react-router';
import { ThemeToggle } from '@/components/theme-toggle';
import { Separator } from '@/components/ui/separator';
import { SidebarInset, SidebarProvider, SidebarTrigger } from '@/components/ui/sidebar';
import { useAuth } from '@/lib/auth-context';
import { AppSidebar } from './app-sidebar';

interface WorkspaceShellProps {
  /** Opens the own-profile dialog; the dialog itself arrives with a later issue. */
  onEditProfile?: () => void;
}

export function WorkspaceShell({ onEditProfile }: WorkspaceShellProps) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();

  const onLogout = React.useCallback(async () => {
    await logout();
    navigate('/login', { replace: true });
  }, [logout, navigate]);

  return (
    <SidebarProvider>
      <AppSidebar
        displayName={user?.displayName ?? null}
        email={user?.email ?? null}
        onEditProfile={() => onEditProfile?.()}
        onLogout={onLogout}
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
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}
