import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// docs/design.md §8: every text a screen shows comes from the catalogues. This reads the web's source as TypeScript does and
// lists each English literal that would reach the screen outside them: JSX text, text attributes (placeholder,
// title, aria-label, alt…), string children, and the text properties of objects (toast titles, labels, messages).
const root = join(import.meta.dirname, '..');
const TEXT_ATTRIBUTES = new Set([
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'alt',
  'label',
  'description',
]);
const TEXT_PROPERTIES = new Set([
  'title',
  'description',
  'label',
  'placeholder',
  'message',
  'subtitle',
  'text',
  'heading',
  'emptyText',
]);
const WORDS = /[A-Za-z]{2,}/;
/** A catalogue key (`dashboard.totalUsers`) is the opposite of a literal. */
const KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/;
/** Any other literal that reads as English for people: a capitalised word, alone or starting a phrase. */
const PROSE = /^[A-Z][a-z']+(?:[ ,.!?…:]|$)/;
/** Data files whose English words are data, not screen text (each says where its other languages come from). */
const DATA_FILES = new Set([
  // English country names, the phone picker's English display and search terms; other languages use Intl.DisplayNames.
  'components/phone-input/countries.ts',
]);
/** A line ending with this comment holds a literal that is data or code, not text for a reader (say why beside it). */
const IGNORE = 'i18n-ignore';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.(test|d)\.tsx?$/.test(entry.name) || /-test-|fake-/.test(entry.name))
      return [];
    return DATA_FILES.has(relative(root, path)) ? [] : [path];
  });
}

function literalText(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  return null;
}

function findLiterals(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (!WORDS.test(value) || KEY.test(value.trim()) || lines[line]?.includes(IGNORE)) return;
    const entry = `${relative(root, file)}:${line + 1} ${JSON.stringify(value.trim().slice(0, 60))}`;
    if (found.at(-1) !== entry) found.push(entry);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const value = literalText(node.expression);
      if (value !== null) report(node, value);
    } else if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source))) {
      const value = literalText(node.initializer);
      if (value !== null) report(node, value);
    } else if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText(source).replace(/['"]/g, ''))) {
      const value = literalText(node.initializer);
      if (value !== null) report(node, value);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      PROSE.test(node.text.trim()) &&
      !ts.isImportDeclaration(node.parent) &&
      !ts.isExportDeclaration(node.parent) &&
      !ts.isLiteralTypeNode(node.parent) &&
      !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
      !(
        ts.isPropertyAssignment(node.parent) &&
        TEXT_PROPERTIES.has(node.parent.name.getText(source).replace(/['"]/g, ''))
      )
    ) {
      report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * Files whose texts have not moved to the catalogues yet (the move is under way, docs/design.md §8): each must still hold a literal, so
 * the list only shrinks; every other file must hold none.
 */
const PENDING = new Set<string>([]);

describe('source: no English text outside the catalogues', () => {
  const byFile = new Map<string, string[]>();
  for (const literal of sourceFiles(root).flatMap(findLiterals)) {
    const file = literal.slice(0, literal.indexOf(':'));
    byFile.set(file, [...(byFile.get(file) ?? []), literal]);
  }

  it('renders every text through the catalogues', () => {
    // One line per literal, so the failure lists every one of them (an array's diff is cut short).
    const outside = [...byFile].filter(([file]) => !PENDING.has(file)).flatMap(([, literals]) => literals);
    // I18N_LITERALS_OUT=<file> writes every literal found, pending files included: the work list of the migration.
    const out = process.env.I18N_LITERALS_OUT;
    if (out) writeFileSync(out, [...byFile.values()].flat().join('\n'));
    expect(outside.join('\n')).toBe('');
  });

  it('lists as pending only files that still hold English literals', () => {
    expect([...PENDING].filter((file) => !byFile.has(file))).toEqual([]);
  });
});
