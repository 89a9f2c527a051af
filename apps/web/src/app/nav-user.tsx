import { ChevronsUpDownIcon, LogOutIcon, UserPenIcon } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem, useSidebar } from '@/components/ui/sidebar';
import type { Locale } from '@/lib/i18n/locales';
import { useT } from '@/lib/i18n/use-t';
import { NavLanguage } from './nav-language';

interface NavUserProps {
  displayName: string | null;
  email: string | null;
  onEditProfile: () => void;
  onLogout: () => void;
  /** Switches the language and keeps the choice for the account. */
  onLanguage: (locale: Locale) => void;
}

function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '');
  return letters.join('') || 'AU';
}

function Identity({ name, email }: { name: string; email: string }) {
  return (
    <>
      <Avatar className="size-8 rounded-lg">
        <AvatarFallback className="rounded-lg">{initials(name)}</AvatarFallback>
      </Avatar>
      <span className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>
        <span className="truncate text-muted-foreground text-xs">{email}</span>
      </span>
    </>
  );
}

export function NavUser({ displayName, email, onEditProfile, onLogout, onLanguage }: NavUserProps) {
  const t = useT();
  const { isMobile } = useSidebar();
  // Spec §2: the user display falls back to "Admin User".
  const name = displayName?.trim() || t('nav.fallbackUser');
  const mail = email ?? '';
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <SidebarMenuButton
              size="lg"
              aria-label={name}
              className="data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground"
            >
              <Identity name={name} email={mail} />
              <ChevronsUpDownIcon className="ml-auto size-4" aria-hidden="true" />
            </SidebarMenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent
            className="w-(--radix-dropdown-menu-trigger-width) min-w-56 rounded-lg"
            side={isMobile ? 'bottom' : 'right'}
            align="end"
            sideOffset={4}
          >
            <DropdownMenuLabel className="p-0 font-normal">
              <div className="flex items-center gap-2 px-1 py-1.5">
                <Identity name={name} email={mail} />
              </div>
            </DropdownMenuLabel>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={onEditProfile}>
              <UserPenIcon />
              {t('nav.editProfile')}
            </DropdownMenuItem>
            <NavLanguage onChoose={onLanguage} />
            <DropdownMenuItem onSelect={onLogout}>
              <LogOutIcon />
              {t('nav.logout')}
            </DropdownMenuItem>
          </DropdownMenuContent>
        </DropdownMenu>
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
