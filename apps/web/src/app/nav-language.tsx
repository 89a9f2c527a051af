import { LanguagesIcon } from 'lucide-react';
import {
  DropdownMenuCheckboxItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
} from '@/components/ui/dropdown-menu';
import { LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/use-t';

/** The user menu's Language submenu; `onChoose` switches the screen and keeps the choice for the account. */
export function NavLanguage({ onChoose }: { onChoose: (locale: Locale) => void }) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger>
        <LanguagesIcon />
        {t('language.label')}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {LOCALES.map((value) => (
          <DropdownMenuCheckboxItem
            key={value}
            lang={value}
            checked={value === locale}
            onSelect={() => onChoose(value)}
          >
            {LOCALE_NAMES[value]}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}
