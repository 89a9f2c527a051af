import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
import { SCREEN_MODULES, type TextParts, textParts } from './screen-texts.ts';

/**
 * The catalogues (src/locales/<locale>.json: flat keys, ICU messages) are compiled here, at build time, so the
 * browser ships Lingui's small runtime without its message parser. Each catalogue is served in two parts: the
 * keys of the screens before sign-in (`public`, which /login loads) and the rest (`workspace`), so the sign-in
 * screen does not download the text of every data screen. In a build the workspace's texts come in smaller parts
 * still (build/screen-texts.ts): the shell's (`shell`, with the workspace's code) and each screen's
 * (`screen-<id>`, with the screen's chunk), listed by locale and screen in `virtual:lingui-screens`. The dev
 * server and the tests serve the whole workspace part as the shell's and empty screen parts, so a key newly
 * written is never missing there.
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
] as const;

/**
 * The customer pages' own texts (/join, /card: their own light entry, customer.html), a part of their own that
 * only that entry loads (src/customer/customer-texts.ts), beside the public part: the sign-in screen has no use
 * for them.
 */
export const CUSTOMER_NAMESPACE = 'customer';

/** English needs no lookup of English words: these namespaces are left out of the English catalogue's build. */
const ENGLISH_SKIPS = ['text.', 'pattern.'];

export type CatalogPart = 'public' | 'customer' | 'workspace' | 'shell' | `screen-${string}`;

export function isPublicKey(key: string): boolean {
  const namespace = key.split('.', 1)[0] ?? '';
  return (PUBLIC_NAMESPACES as readonly string[]).includes(namespace);
}

export const isCustomerKey = (key: string): boolean => key.startsWith(`${CUSTOMER_NAMESPACE}.`);

/** Neither the workspace's nor its parts': what every screen has already, and the customer pages' own. */
const notWorkspace = (key: string) => isPublicKey(key) || isCustomerKey(key);

/** The compiled messages of one part of a catalogue; `parts` says which keys the shell's and screens' parts hold. */
export function compileCatalogPart(
  catalog: Record<string, string>,
  part: CatalogPart,
  english = false,
  parts?: TextParts,
) {
  const inPart = (key: string) => {
    if (part === 'public') return isPublicKey(key);
    if (part === 'customer') return isCustomerKey(key);
    if (part === 'workspace' || (part === 'shell' && !parts)) return !notWorkspace(key);
    if (part === 'shell') return parts?.shell.has(key) ?? false;
    return parts?.screens[part.slice('screen-'.length) as keyof TextParts['screens']]?.has(key) ?? false;
  };
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (english && ENGLISH_SKIPS.some((prefix) => key.startsWith(prefix))) continue;
    if (inPart(key)) compiled[key] = compileMessage(message);
  }
  return compiled;
}

const QUERY = /\?lingui=(public|customer|workspace|shell|screen-[A-Za-z]+)$/;
const PREFIX = '\0lingui-catalog:';
const SUFFIX = '.lingui.js';
const SCREENS = 'virtual:lingui-screens';

export function linguiCatalog(): Plugin {
  let root = '';
  let build = false;
  // Worked out once per build, from the English catalogue's keys (every catalogue holds the same).
  let parts: TextParts | undefined;
  const partsOf = (file: string) => {
    if (!build) return undefined;
    parts ??= textParts(root, Object.keys(JSON.parse(readFileSync(join(file, '..', 'en.json'), 'utf8'))), notWorkspace);
    return parts;
  };
  return {
    name: 'lingui-catalog',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      build = config.command === 'build';
    },
    buildStart() {
      parts = undefined;
    },
    async resolveId(source, importer) {
      if (source === SCREENS) return `\0${SCREENS}`;
      const match = QUERY.exec(source);
      if (!match) return null;
      // Resolved without the query (the JSON plugin must not see it), then marked as this plugin's module.
      const resolved = await this.resolve(source.replace(QUERY, ''), importer, { skipSelf: true });
      // The id must not end in .json either, or Vite's JSON transform parses this plugin's JavaScript.
      return resolved ? `${PREFIX}${match[1]}:${resolved.id}${SUFFIX}` : null;
    },
    load(id) {
      if (id === `\0${SCREENS}`) {
        // Each locale's screen parts, by screen id; the dev server's are empty (its shell part is whole).
        const dir = join(root, 'src', 'locales');
        const locales = readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.slice(0, -'.json'.length));
        const loaders = (locale: string) =>
          build
            ? Object.keys(SCREEN_MODULES)
                .map(
                  (s) =>
                    `${JSON.stringify(s)}: () => import(${JSON.stringify(`${join(dir, locale)}.json?lingui=screen-${s}`)})`,
                )
                .join(',\n')
            : '';
        return `export default {\n${locales.map((l) => `${JSON.stringify(l)}: {\n${loaders(l)}\n}`).join(',\n')}\n};`;
      }
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const part = rest.slice(0, rest.indexOf(':')) as CatalogPart;
      const file = rest.slice(rest.indexOf(':') + 1, -SUFFIX.length);
      this.addWatchFile(file);
      const catalog = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const english = /[\\/]en\.json$/.test(file);
      const compiled = compileCatalogPart(
        catalog,
        part,
        english,
        part === 'public' || part === 'customer' ? undefined : partsOf(file),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
