import * as React from 'react';
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from '@/components/ui/sidebar';
import { useDeferredCode } from '@/hooks/use-deferred-code';
import { useT } from '@/lib/i18n/use-t';
import { NAV_USER_TRIGGER_CLASS, type NavUserProps, TriggerContent } from './nav-user-identity';

const loadMenu = () => import('./nav-user-menu');
const OPEN_KEYS = [' ', 'Enter', 'ArrowDown']; // i18n-ignore: key names

/**
 * The sidebar's user menu (Edit Profile, Language, Log out). Its code comes at the first sign of use (the pointer
 * over the trigger, focus, a press), as DeferredSelect's does: until then a stand-in with the trigger's look and
 * attributes, which the real menu replaces, opened when the press came first. A workspace's first load carries
 * neither Radix Menu nor its positioning code.
 */
export function NavUser(props: NavUserProps) {
  const t = useT();
  const stand = React.useRef<HTMLButtonElement>(null);
  const { upgraded, upgrade, press, open, setOpen } = useDeferredCode(loadMenu, stand);
  // docs/spec/access-and-identity.md §2: the user display falls back to "Admin User".
  const name = props.displayName?.trim() || t('nav.fallbackUser');
  const { NavUserMenu } = upgraded?.code ?? {};
  return (
    <SidebarMenu>
      <SidebarMenuItem>
        {NavUserMenu && upgraded ? (
          <NavUserMenu {...props} name={name} open={open} onOpenChange={setOpen} autoFocus={upgraded.focus} />
        ) : (
          // The closed Radix trigger's attributes (DropdownMenuTrigger).
          <SidebarMenuButton
            ref={stand}
            size="lg"
            aria-haspopup="menu"
            aria-expanded={false}
            data-state="closed"
            className={NAV_USER_TRIGGER_CLASS}
            onPointerEnter={upgrade}
            onFocus={upgrade}
            onPointerDown={(event) => {
              if (event.button === 0 && !event.ctrlKey) {
                event.preventDefault();
                press();
              }
            }}
            onKeyDown={(event) => {
              if (OPEN_KEYS.includes(event.key)) {
                event.preventDefault();
                press();
              }
            }}
          >
            <TriggerContent name={name} email={props.email ?? ''} />
          </SidebarMenuButton>
        )}
      </SidebarMenuItem>
    </SidebarMenu>
  );
}
