import { PASS_LANGUAGES, type PassLanguage } from '../pass-strings';

/** Each language's texts for the same localisation keys ('label.points' → 'Points', '積分', '积分'). */
export type StringTables = Record<PassLanguage, Record<string, string>>;

/** Wallet looks these up in pass.strings (Apple's "localizable" keys of pass.json and of its fields). */
const PASS_TEXT_KEYS = ['description', 'organizationName', 'logoText'] as const;
// `relevantText`: a location's lock-screen text (docs/design.md §10), localised like every text of the pass.
const FIELD_TEXT_KEYS = ['label', 'value', 'changeMessage', 'attributedValue', 'relevantText'] as const;
const STYLES = ['boardingPass', 'coupon', 'eventTicket', 'generic', 'storeCard'] as const;
const FIELD_LISTS = ['headerFields', 'primaryFields', 'secondaryFields', 'auxiliaryFields', 'backFields'] as const;

/**
 * Zero-width space: appended to a text that is already some other entry's key, so the card reads the same but
 * pass.strings holds two entries (Wallet shows the zero-width space as nothing).
 */
const DISTINCT = '\u200b';

type Json = Record<string, unknown>;

/** Every localisable text of pass.json, with a setter: the post-processing below reads and rewrites these. */
function localisableTexts(pass: Json): { text: string; set: (text: string) => void }[] {
  const owners: Json[] = [pass];
  for (const style of STYLES) {
    const fields = pass[style] as Json | undefined;
    for (const list of FIELD_LISTS) owners.push(...(((fields?.[list] as Json[] | undefined) ?? []) as Json[]));
  }
  owners.push(...((pass.locations as Json[] | undefined) ?? []));
  return owners.flatMap((owner) =>
    [...PASS_TEXT_KEYS, ...FIELD_TEXT_KEYS]
      .filter((name) => typeof owner[name] === 'string')
      .map((name) => ({ text: owner[name] as string, set: (text: string) => (owner[name] = text) })),
  );
}

/**
 * A pass readable on every phone (docs/design.md §8). pass.json is written with localisation keys ('label.points'); a
 * phone whose language has no `.lproj` shows pass.json's own text, so each key is replaced by its text in the
 * business's language, and each language's pass.strings is keyed by that text (Wallet looks a pass.json text
 * up as the key). A phone in en / zh-Hant / zh-Hans reads its language, any other the business's.
 *
 * Two entries whose business text is the same but whose translations differ (a tier named like a label), or a
 * business text equal to a literal of the pass (a member's name, the store text, the news: those must never be
 * translated), would share one pass.strings key: the later one gets a zero-width space until it is unique.
 */
export function localisePass(
  pass: Json,
  tables: StringTables,
  business: PassLanguage,
): { pass: Json; strings: StringTables } {
  const copy = JSON.parse(JSON.stringify(pass)) as Json;
  const keys = Object.keys(tables[business]);
  const isKey = new Set(keys);
  const texts = localisableTexts(copy);
  // Which translations each pass.strings key stands for, as one string to compare; a literal translates to itself.
  const owner = new Map<string, string>();
  for (const { text } of texts) {
    if (!isKey.has(text)) owner.set(text, JSON.stringify(PASS_LANGUAGES.map(() => text)));
  }
  const shown = new Map<string, string>();
  for (const key of keys) {
    const translations = JSON.stringify(PASS_LANGUAGES.map((lang) => tables[lang][key] ?? ''));
    let text = tables[business][key] ?? key;
    while (owner.has(text) && owner.get(text) !== translations) text += DISTINCT;
    owner.set(text, translations);
    shown.set(key, text);
  }
  for (const entry of texts) {
    const text = shown.get(entry.text);
    if (text !== undefined) entry.set(text);
  }
  const strings = Object.fromEntries(
    PASS_LANGUAGES.map((lang) => [
      lang,
      Object.fromEntries(keys.map((key) => [shown.get(key) as string, tables[lang][key] ?? ''])),
    ]),
  ) as StringTables;
  return { pass: copy, strings };
}
