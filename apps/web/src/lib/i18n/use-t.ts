import * as React from 'react';
import { activeLocale, i18n, type MessageKey, type MessageValues, setLocale, withValues } from './i18n';
import type { Locale } from './locales';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

// Components follow the active language through Lingui's own change event (no provider needed, so a component
// renders the same in the app and alone in a test). The event comes with each catalogue part loaded too: a text
// fetched late (i18n.ts, a key missing from the parts) shows once it is there.
let loads = 0;
i18n.on('change', () => {
  loads += 1;
});
const subscribe = (onChange: () => void) => i18n.on('change', onChange);
const getTexts = () => `${i18n.locale}:${loads}`;

/** The active language and the catalogue's loads so far, re-rendering the component when either changes. */
function useTexts(): string {
  return React.useSyncExternalStore(subscribe, getTexts, getTexts);
}

/** The message function of the active texts; a new function per language or load, so memoised children follow. */
export function useT(): Translate {
  const texts = useTexts();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the texts are what make a new function
  return React.useCallback<Translate>((key, values) => withValues(key, values), [texts]);
}

/** The active language and a way to change it (the switchers). */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  useTexts();
  return { locale: activeLocale(), setLocale };
}
