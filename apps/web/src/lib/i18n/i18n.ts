import { type I18n, i18n, type Messages, setupI18n } from '@lingui/core';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import type enCatalog from '@/locales/en.json';
import enPublic from '@/locales/en.json?lingui=public';
import { DEFAULT_LOCALE, isLocale, type Locale, localeFromLanguages } from './locales';

/** Every key of the English catalogue; the other catalogues hold the same keys (locales/catalogs.test.ts). */
export type MessageKey = keyof typeof enCatalog;
export type MessageValues = Record<string, string | number | Date | null | undefined>;

/**
 * `workspace` is every text of the workspace; `shell` the texts of its frame (sidebar, menus, the profile dialog)
 * and `screen-<id>` one screen's (build/screen-texts.ts works out which keys each holds).
 */
type Part = 'public' | 'workspace' | 'shell' | `screen-${string}` | `extra-${string}`;
type Loader = () => Promise<{ default: Messages }>;

// English's public part is in the first chunk (the sign-in screen renders it at once); every other part is fetched
// when a screen needs it or the language changes.
const loaders: Record<Locale, Record<'public' | 'workspace' | 'shell', Loader>> = {
  en: {
    public: async () => ({ default: enPublic }),
    workspace: () => import('@/locales/en.json?lingui=workspace'),
    shell: () => import('@/locales/en.json?lingui=shell'),
  },
  'zh-Hant': {
    public: () => import('@/locales/zh-Hant.json?lingui=public'),
    workspace: () => import('@/locales/zh-Hant.json?lingui=workspace'),
    shell: () => import('@/locales/zh-Hant.json?lingui=shell'),
  },
  'zh-Hans': {
    public: () => import('@/locales/zh-Hans.json?lingui=public'),
    workspace: () => import('@/locales/zh-Hans.json?lingui=workspace'),
    shell: () => import('@/locales/zh-Hans.json?lingui=shell'),
  },
};

/** Each locale's screen parts by screen id: set by ./screen-messages.ts, a lazy chunk (the sign-in screen needs none). */
export type ScreenLoaders = Record<string, Record<string, Loader>>;
let screenLoaders: ScreenLoaders = {};
const EMPTY: Loader = async () => ({ default: {} });

/** Parts an entry of its own adds (the customer pages' texts), by name. */
const extraLoaders = new Map<string, Record<Locale, Loader>>();

function loaderOf(locale: Locale, part: Part): Loader {
  if (part.startsWith('extra-')) return extraLoaders.get(part)?.[locale] ?? EMPTY;
  if (!part.startsWith('screen-')) return loaders[locale][part as keyof (typeof loaders)[Locale]];
  // The dev server and the tests have no screen parts: their shell part holds every workspace text.
  return screenLoaders[locale]?.[part.slice('screen-'.length)] ?? EMPTY;
}

const loaded = new Map<string, Promise<void>>();
/** The parts the screens shown so far need; a new language loads all of them before it is shown. */
const needed = new Set<Part>(['public']);

function loadPart(locale: Locale, part: Part): Promise<void> {
  const key = `${locale}:${part}`;
  let pending = loaded.get(key);
  if (!pending) {
    pending = loaderOf(locale, part)().then(({ default: messages }) => i18n.load(locale, messages));
    // A failed fetch (offline, a new deploy) may be tried again by the next screen or switch.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

i18n.load(DEFAULT_LOCALE, enPublic);
// A workspace key that no loaded part holds (a text the build's search of the code missed) fetches the whole
// workspace part; components show it when it arrives (use-t.ts follows each catalogue load).
i18n.on('missing', () => {
  if (!needed.has('shell') || needed.has('workspace')) return;
  needed.add('workspace');
  loadPart(activeLocale(), 'workspace').catch(() => needed.delete('workspace'));
});
loaded.set(`${DEFAULT_LOCALE}:public`, Promise.resolve());
i18n.activate(DEFAULT_LOCALE);

export { i18n };

export const activeLocale = (): Locale => (isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE);

/** The language chosen on this browser, else the browser's own preference. */
export function initialLocale(): Locale {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  return localeFromLanguages(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/**
 * Shows the portal in `locale`: its catalogue parts are fetched first, so the switch happens at once and the
 * screen never shows keys; the choice is kept on this browser and `<html lang>` follows it.
 */
export async function setLocale(locale: Locale): Promise<void> {
  await Promise.all([...needed].map((part) => loadPart(locale, part)));
  writeStorage(STORAGE_KEYS.language, locale);
  document.documentElement.lang = locale;
  if (i18n.locale !== locale) i18n.activate(locale);
}

/**
 * A part of the catalogue that an entry of its own brings (the customer pages' texts): its English is given
 * (in that entry's first chunk, shown at once), the other languages fetched now and with each language switch.
 */
export function addCatalogPart(name: string, english: Messages, others: Record<Locale, Loader>): Promise<void> {
  const part: Part = `extra-${name}`;
  extraLoaders.set(part, others);
  i18n.load(DEFAULT_LOCALE, english);
  loaded.set(`${DEFAULT_LOCALE}:${part}`, Promise.resolve());
  needed.add(part);
  return loadPart(activeLocale(), part);
}

/** Every text of the workspace (the tests, and the fallback for a key missing from the parts below). */
export function loadWorkspaceMessages(): Promise<void> {
  needed.add('workspace');
  return loadPart(activeLocale(), 'workspace');
}

/** Called by the workspace before it renders: the texts of its frame. */
export function loadShellMessages(): Promise<void> {
  needed.add('shell');
  return loadPart(activeLocale(), 'shell');
}

/** A screen's texts, by its id in build/screen-texts.ts (./screen-messages.ts is how app/routes.tsx calls it). */
export function loadScreenPart(loaders: ScreenLoaders, screen: string): Promise<void> {
  screenLoaders = loaders;
  const part: Part = `screen-${screen}`;
  needed.add(part);
  return loadPart(activeLocale(), part);
}

/** A message in the active language, for code outside React (toasts, error mapping); components use `useT`. */
export function t(key: MessageKey, values?: MessageValues): string {
  return withValues(key, values);
}

// A Latin letter beside a Han character, either way round (digits aside: 2024年1月1日 is written tight).
const HAN_THEN_LATIN = /(\p{Script=Han})([A-Za-z])/gu;
const LATIN_THEN_HAN = /([A-Za-z])(\p{Script=Han})/gu;

/**
 * A message with its values. In Chinese a space stands between Latin and Chinese characters (the glossary's
 * rule, docs/glossary.md); the catalogues keep it in their own words, and this keeps it where a value meets
 * them: 加入 Harbour Bakery, yet 加入港灣麵包坊.
 */
export function withValues(key: MessageKey, values?: MessageValues): string {
  return spaced(i18n._(key, values), i18n.locale, values);
}

function spaced(text: string, locale: string, values?: MessageValues): string {
  if (!values || locale === 'en') return text;
  return text.replace(HAN_THEN_LATIN, '$1 $2').replace(LATIN_THEN_HAN, '$1 $2');
}

const others = new Map<Locale, Promise<I18n>>();

/**
 * The messages of `locale` whatever language the screen shows, for text written in every language at once (a
 * message to cardholders has an English, a Traditional and a Simplified text). A Lingui instance of its own, so
 * the screen's language is left alone; the same spacing rule as `withValues`.
 */
export async function translatorIn(locale: Locale): Promise<(key: MessageKey, values?: MessageValues) => string> {
  let pending = others.get(locale);
  if (!pending) {
    pending = Promise.all([loaders[locale].public(), loaders[locale].workspace()]).then(([pub, workspace]) =>
      setupI18n({ locale, messages: { [locale]: { ...pub.default, ...workspace.default } } }),
    );
    pending.catch(() => others.delete(locale));
    others.set(locale, pending);
  }
  const instance = await pending;
  return (key, values) => spaced(instance._(key, values), locale, values);
}
