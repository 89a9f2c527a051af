import { shownNameInitials } from '@loyalty/contracts';
import { ChevronsUpDownIcon } from 'lucide-react';
import { Avatar, AvatarFallback } from '@/components/ui/avatar';
import type { Locale } from '@/lib/i18n/locales';

/** What the user menu's trigger and its header show of the signed-in user. */
export interface NavUserProps {
  displayName: string | null;
  email: string | null;
  onEditProfile: () => void;
  onLogout: () => void;
  /** Switches the language and keeps the choice for the account. */
  onLanguage: (locale: Locale) => void;
}

/** The classes of the menu's trigger, the same on the stand-in and on the real one. */
export const NAV_USER_TRIGGER_CLASS =
  'data-[state=open]:bg-sidebar-accent data-[state=open]:text-sidebar-accent-foreground';

// A Chinese name shows its family name (黃), as Chinese screens do; others two initials (docs/glossary.md).
const initials = (name: string): string => shownNameInitials(name) || 'AU';

export function Identity({ name, email }: { name: string; email: string }) {
  return (
    <>
      {/* The initials repeat the name beside them. The trigger is named by the words it shows (label in name):
          the name, then the e-mail. */}
      <Avatar className="size-8 rounded-lg" aria-hidden="true">
        <AvatarFallback className="rounded-lg">{initials(name)}</AvatarFallback>
      </Avatar>
      <span className="grid flex-1 text-left text-sm leading-tight">
        <span className="truncate font-medium">{name}</span>{' '}
        <span className="truncate text-muted-foreground text-xs">{email}</span>
      </span>
    </>
  );
}

/** The trigger's content: who is signed in, and the chevron of a menu. */
export function TriggerContent({ name, email }: { name: string; email: string }) {
  return (
    <>
      <Identity name={name} email={email} />
      <ChevronsUpDownIcon className="ml-auto size-4" aria-hidden="true" />
    </>
  );
}
