import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { LOCALES } from '@/lib/i18n/locales';
import { translateText } from '@/lib/i18n/translate-text';

const dir = import.meta.dirname;
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>,
  ]),
);
const english = catalogs.en as Record<string, string>;

/** The ICU argument names a message uses ({name}, {count, plural, …}), which every translation must keep. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is text or a list of tokens; a token is text or [name, format?, options?], where each
  // option (a plural or select branch) is again a compiled message.
  const tokens = (compiled: unknown) => {
    if (!Array.isArray(compiled)) return;
    for (const token of compiled) {
      if (!Array.isArray(token)) continue;
      names.add(String(token[0]));
      const options = token[2];
      if (options && typeof options === 'object') for (const branch of Object.values(options)) tokens(branch);
    }
  };
  tokens(compileMessage(message));
  return [...names].sort();
}

describe('catalogues', () => {
  it('are exactly en, zh-Hant and zh-Hans', () => {
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual(LOCALES.map((l) => `${l}.json`).sort());
  });

  for (const locale of LOCALES) {
    it(`${locale}: every key of every other catalogue, none empty, each message compiles with the same arguments`, () => {
      const catalog = catalogs[locale] as Record<string, string>;
      const allKeys = new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l] as object)));
      const missing = [...allKeys].filter((key) => !(key in catalog));
      const empty = Object.entries(catalog)
        .filter(([, message]) => typeof message !== 'string' || message.trim() === '')
        .map(([key]) => key);
      expect(missing, `missing in ${locale}.json`).toEqual([]);
      expect(empty, `empty in ${locale}.json`).toEqual([]);
      const wrongArguments = Object.keys(english).filter(
        (key) => argumentsOf(catalog[key] ?? '').join() !== argumentsOf(english[key] ?? '').join(),
      );
      expect(wrongArguments, `arguments differ from English in ${locale}.json`).toEqual([]);
    });
  }

  it('Chinese catalogues are translated, not copied from English (beyond names and codes)', () => {
    const untranslated = (locale: string) =>
      Object.entries(catalogs[locale] as Record<string, string>)
        .filter(
          ([key, message]) =>
            /[A-Za-z]{3}/.test(message) && message === english[key] && !/^[A-Z0-9 .+@-]+$/.test(message),
        )
        .map(([key]) => key);
    expect(untranslated('zh-Hant').filter((k) => !k.startsWith('language.'))).toEqual([]);
    expect(untranslated('zh-Hans').filter((k) => !k.startsWith('language.'))).toEqual([]);
  });

  it('translate every message the contracts write (field errors the web and the API show)', async () => {
    const contracts = join(dir, '../../../../packages/contracts/src');
    // Sample values of the wallet card design, stored on passes as the tenant typed them: data, not messages.
    const data = new Set([
      'Member Name',
      'Membership Level',
      'Last Update',
      'Points',
      'John Doe',
      'Gold',
      'Jan 1, 2024',
      // A language named in itself (LANGUAGE_NAMES), the same in every language's page.
      'English',
    ]);
    const messages = new Set<string>();
    for (const file of readdirSync(contracts).filter((f) => f.endsWith('.ts') && !f.includes('.test.'))) {
      const source = ts.createSourceFile(
        file,
        readFileSync(join(contracts, file), 'utf8'),
        ts.ScriptTarget.Latest,
        true,
      );
      const visit = (node: ts.Node) => {
        if (
          (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
          /^[A-Z][a-z']+(?:[ ,.!?…:]|$)/.test(node.text) &&
          !ts.isImportDeclaration(node.parent) &&
          !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
          !data.has(node.text)
        ) {
          messages.add(node.text);
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(messages.size).toBeGreaterThan(50);
    for (const locale of ['zh-Hant', 'zh-Hans'] as const) {
      await setLocale(locale);
      expect([...messages].filter((message) => translateText(message) === message)).toEqual([]);
    }
    await setLocale('en');
  });
});
