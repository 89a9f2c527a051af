import { LanguagesIcon } from 'lucide-react';
import { isLocale, LOCALE_NAMES, LOCALES } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/use-t';

/**
 * The language switcher of the screens before sign-in (a native select: light, and the phone's own picker on a
 * phone). Each language is named in itself.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <label className={`inline-flex items-center gap-1.5 text-muted-foreground text-sm ${className ?? ''}`}>
      <LanguagesIcon className="size-4" aria-hidden="true" />
      <span className="sr-only">{t('language.label')}</span>
      <select
        className="h-8 cursor-pointer rounded-md border border-input bg-background px-2 text-foreground text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void setLocale(event.target.value);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {LOCALE_NAMES[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
