import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** What the API reads (apps/api/src/modules/enrolment/join-page-route.ts) beside customer.html. */
export const SERVER_TEXTS_FILE = 'customer-texts.json';
const LOCALES = ['en', 'zh-Hant', 'zh-Hans'] as const;
const NAMESPACES = ['customer.', 'language.'];

/** The customer pages' keys of each catalogue, compiled (Lingui's runtime form, as the browser's chunks hold). */
export function compileServerTexts(catalogs: Record<(typeof LOCALES)[number], Record<string, string>>) {
  const texts: Record<string, Record<string, unknown>> = {};
  for (const locale of LOCALES) {
    const compiled: Record<string, unknown> = {};
    for (const [key, message] of Object.entries(catalogs[locale])) {
      if (NAMESPACES.some((prefix) => key.startsWith(prefix))) compiled[key] = compileMessage(message);
    }
    texts[locale] = compiled;
  }
  return texts;
}

export const readCatalog = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../src/locales', `${locale}.json`), 'utf8'));

/**
 * The customer pages' texts, compiled as the browser's catalogue chunks are, in one file of the build for the
 * API: its server paint of /join/<slug> (store name, the phone step) is written in the customer's language from
 * the very catalogue the page then renders with, so the texts match and the paint is the page's LCP.
 */
export function serverTexts(): Plugin {
  return {
    name: 'loyalty:server-texts',
    apply: 'build',
    generateBundle() {
      const catalogs = { en: readCatalog('en'), 'zh-Hant': readCatalog('zh-Hant'), 'zh-Hans': readCatalog('zh-Hans') };
      this.emitFile({
        type: 'asset',
        fileName: SERVER_TEXTS_FILE,
        source: JSON.stringify(compileServerTexts(catalogs)),
      });
    },
  };
}
