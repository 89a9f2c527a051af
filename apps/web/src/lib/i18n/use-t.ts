import { useLingui } from '@lingui/react';
import * as React from 'react';
import { activeLocale, type MessageKey, type MessageValues, setLocale } from './i18n';
import type { Locale } from './locales';

export type Translate = (key: MessageKey, values?: MessageValues) => string;

/** The message function of the active language; a component using it renders again when the language changes. */
export function useT(): Translate {
  const { i18n } = useLingui();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per language, so memoised children follow
  return React.useCallback<Translate>((key, values) => i18n._(key, values), [i18n, i18n.locale]);
}

/** The active language and a way to change it (the switchers). */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  useLingui();
  return { locale: activeLocale(), setLocale };
}
