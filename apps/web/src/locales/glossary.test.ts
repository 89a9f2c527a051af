import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import zhHans from './zh-Hans.json';
import zhHant from './zh-Hant.json';

/**
 * The Chinese catalogues held to docs/glossary.md: its rules (您, punctuation per script, a space between Latin
 * and Chinese) and its terms' forbidden variants, read from the glossary's own table.
 */
const glossary = readFileSync(join(import.meta.dirname, '../../../../docs/glossary.md'), 'utf8');

type Term = { concept: string; hant: string; hans: string; notHant: string[]; notHans: string[] };
const variants = (cell: string) =>
  cell
    .split('/')
    .map((v) => v.trim())
    .filter(Boolean);
const TERMS: Term[] = glossary
  .split('\n')
  .filter((line) => line.startsWith('|') && !line.startsWith('| ---') && !line.startsWith('| Concept'))
  .map((line) => line.split('|').map((cell) => cell.trim()))
  .map(([, concept = '', , hant = '', hans = '', notHant = '', notHans = '']) => ({
    concept,
    hant,
    hans,
    notHant: variants(notHant),
    notHans: variants(notHans),
  }));

const CATALOGUES = { 'zh-Hant': zhHant, 'zh-Hans': zhHans } as Record<'zh-Hant' | 'zh-Hans', Record<string, string>>;
/** The catalogue's words: ICU arguments ({name}, {count, plural, …}'s selectors) are not text. */
const words = (text: string) => text.replace(/\{[A-Za-z]+(, ?[a-z]+)?\}/g, '');
const where = (catalogue: Record<string, string>, test: (text: string) => boolean) =>
  Object.entries(catalogue)
    .filter(([, text]) => test(words(text)))
    .map(([key, text]) => `${key}: ${text}`);

describe('the glossary (docs/glossary.md)', () => {
  it('lists terms, each with its word in both scripts', () => {
    expect(TERMS.length).toBeGreaterThanOrEqual(10);
    for (const term of TERMS)
      expect([term.concept, term.hant && term.hans]).toEqual([term.concept, expect.any(String)]);
  });

  for (const [locale, catalogue] of Object.entries(CATALOGUES)) {
    describe(locale, () => {
      it('addresses the reader as 您, never 你', () => {
        expect(where(catalogue, (text) => text.includes('你'))).toEqual([]);
      });

      it('quotes as its script does', () => {
        const wrong = locale === 'zh-Hans' ? /[「」『』]/ : /[“”‘’]/;
        expect(where(catalogue, (text) => wrong.test(text))).toEqual([]);
      });

      it('uses full-width punctuation beside Chinese', () => {
        expect(where(catalogue, (text) => /\p{Script=Han}[,;:?!()]|[,;:?!(]\p{Script=Han}/u.test(text))).toEqual([]);
      });

      it('puts a space between Latin letters and Chinese', () => {
        expect(where(catalogue, (text) => /\p{Script=Han}[A-Za-z]|[A-Za-z]\p{Script=Han}/u.test(text))).toEqual([]);
      });

      it('uses the glossary’s term for each concept, none of its variants', () => {
        for (const term of TERMS) {
          const forbidden = locale === 'zh-Hant' ? term.notHant : term.notHans;
          const found = where(catalogue, (text) => forbidden.some((variant) => text.includes(variant)));
          expect({ concept: term.concept, found }).toEqual({ concept: term.concept, found: [] });
        }
      });
    });
  }
});
