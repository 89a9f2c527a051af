import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The catalogues (src/locales/<locale>.json: flat keys, ICU messages) are compiled here, at build time, so the
 * browser ships Lingui's small runtime without its message parser. Each catalogue is served in two parts: the
 * keys of the screens before sign-in (`public`, which /login loads) and the rest (`workspace`, which comes with
 * the workspace's code), so the sign-in screen does not download the text of every data screen.
 *
 *   import messages from '@/locales/zh-Hant.json?lingui=workspace';
 */
export const PUBLIC_NAMESPACES = [
  'common',
  'language',
  'firebase',
  'login',
  'register',
  'verify',
  'phone',
  'google',
  'notFound',
  // Shared pieces of the screens before sign-in (password field, verification code, resend) and the person fields.
  'auth',
  'person',
  // Texts the contracts and the server write in English, looked up by those words (lib/i18n/translate-text.ts).
  'text',
  'pattern',
  // The customer pages (/join, /card: their own light entry, customer.html), which load only this part.
  'customer',
] as const;

/** English needs no lookup of English words: these namespaces are left out of the English catalogue's build. */
const ENGLISH_SKIPS = ['text.', 'pattern.'];

export type CatalogPart = 'public' | 'workspace';

export function isPublicKey(key: string): boolean {
  const namespace = key.split('.', 1)[0] ?? '';
  return (PUBLIC_NAMESPACES as readonly string[]).includes(namespace);
}

/** The compiled messages of one part of a catalogue. */
export function compileCatalogPart(catalog: Record<string, string>, part: CatalogPart, english = false) {
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (english && ENGLISH_SKIPS.some((prefix) => key.startsWith(prefix))) continue;
    if (isPublicKey(key) === (part === 'public')) compiled[key] = compileMessage(message);
  }
  return compiled;
}

const QUERY = /\?lingui=(public|workspace)$/;
const PREFIX = '\0lingui-catalog:';
const SUFFIX = '.lingui.js';

export function linguiCatalog(): Plugin {
  return {
    name: 'lingui-catalog',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = QUERY.exec(source);
      if (!match) return null;
      // Resolved without the query (the JSON plugin must not see it), then marked as this plugin's module.
      const resolved = await this.resolve(source.replace(QUERY, ''), importer, { skipSelf: true });
      // The id must not end in .json either, or Vite's JSON transform parses this plugin's JavaScript.
      return resolved ? `${PREFIX}${match[1]}:${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const part = rest.slice(0, rest.indexOf(':')) as CatalogPart;
      const file = rest.slice(rest.indexOf(':') + 1, -SUFFIX.length);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const english = /[\\/]en\.json$/.test(file);
      return `export default ${JSON.stringify(compileCatalogPart(catalog, part, english))};`;
    },
  };
}
