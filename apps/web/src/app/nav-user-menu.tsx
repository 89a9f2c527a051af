import { LogOutIcon, UserPenIcon } from 'lucide-react';
import * as React from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenuButton, useSidebar } from '@/components/ui/sidebar';
import { useTakeFocus } from '@/hooks/use-deferred-code';
import { useT } from '@/lib/i18n/use-t';
import { NavLanguage } from './nav-language';
import { Identity, NAV_USER_TRIGGER_CLASS, type NavUserProps, TriggerContent } from './nav-user-identity';

type MenuProps = NavUserProps & {
  name: string;
  /** Open from a press made on the stand-in while this code was loading, too. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Takes the focus the stand-in had. */
  autoFocus: boolean;
};

/** The real user menu behind NavUser (its own chunk: Radix Menu and its positioning). */
export function NavUserMenu({
  name,
  email,
  onEditProfile,
  onLogout,
  onLanguage,
  open,
  onOpenChange,
  autoFocus,
}: MenuProps) {
  const t = useT();
  const { isMobile } = useSidebar();
  const trigger = React.useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, autoFocus, open);
  const mail = email ?? '';
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        {/* Named by its content, as the stand-in is (label in name): the name, then the e-mail. An aria-label
            would have to repeat the avatar's initials too, which a reading of the shown text takes in. */}
        <SidebarMenuButton ref={trigger} size="lg" className={NAV_USER_TRIGGER_CLASS}>
          <TriggerContent name={name} email={mail} />
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
  );
}
