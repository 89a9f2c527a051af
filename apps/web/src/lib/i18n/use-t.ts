import * as React from 'react';
import { activeLocale, i18n, type MessageKey, type MessageValues, setLocale, withValues } from './i18n';
import type { Locale } from './locales';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

// Components follow the active language through Lingui's own change event (no provider needed, so a component
// renders the same in the app and alone in a test).
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const getLocale = () => i18n.locale;

/** The active language, re-rendering the component when it changes. */
function useActiveLocale(): string {
  return React.useSyncExternalStore(subscribe, getLocale, getLocale);
}

/** The message function of the active language; a new function per language, so memoised children follow. */
export function useT(): Translate {
  const locale = useActiveLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the locale is what makes a new function
  return React.useCallback<Translate>((key, values) => withValues(key, values), [locale]);
}

/** The active language and a way to change it (the switchers). */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  useActiveLocale();
  return { locale: activeLocale(), setLocale };
}
