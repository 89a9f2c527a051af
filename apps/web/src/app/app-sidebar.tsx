import { canWrite } from '@loyalty/contracts';
import { GiftIcon } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'react-router';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupContent,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '@/components/ui/sidebar';
import type { Locale } from '@/lib/i18n/locales';
import { useT } from '@/lib/i18n/use-t';
import { WorkspaceContext } from '@/lib/workspace-context';
import { isNavItemActive, NAV_ITEMS } from './nav-items';
import { NavUser } from './nav-user';

interface AppSidebarProps {
  displayName: string | null;
  email: string | null;
  onEditProfile: () => void;
  onLogout: () => void;
  onLanguage: (locale: Locale) => void;
}

export function AppSidebar({ displayName, email, onEditProfile, onLogout, onLanguage }: AppSidebarProps) {
  const t = useT();
  const role = React.useContext(WorkspaceContext)?.role;
  const items = NAV_ITEMS.filter((item) => !item.adminOnly || canWrite(role));
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  // On phones the sidebar is a sheet over the page; close it once the user has picked a screen.
  const closeOnMobile = () => isMobile && setOpenMobile(false);

  return (
    <Sidebar collapsible="icon">
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton size="lg" asChild>
              <Link to="/" onClick={closeOnMobile}>
                <span className="flex aspect-square size-8 items-center justify-center rounded-lg bg-sidebar-primary text-sidebar-primary-foreground">
                  <GiftIcon className="size-4" aria-hidden="true" />
                </span>
                <span className="truncate font-semibold">{t('app.title')}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupContent>
            <nav aria-label={t('nav.main')}>
              <SidebarMenu>
                {items.map((item) => {
                  const active = isNavItemActive(item, pathname);
                  return (
                    <SidebarMenuItem key={item.url}>
                      <SidebarMenuButton asChild isActive={active} tooltip={t(item.title)}>
                        <Link to={item.url} aria-current={active ? 'page' : undefined} onClick={closeOnMobile}>
                          <item.icon aria-hidden="true" />
                          <span>{t(item.title)}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  );
                })}
              </SidebarMenu>
            </nav>
          </SidebarGroupContent>
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <NavUser
          displayName={displayName}
          email={email}
          onEditProfile={onEditProfile}
          onLogout={onLogout}
          onLanguage={onLanguage}
        />
      </SidebarFooter>
    </Sidebar>
  );
}
