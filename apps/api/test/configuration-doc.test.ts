import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configVariables } from '../src/config';

const docPath = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../docs/configuration.md');

/**
 * Variables docs/configuration.md lists in a table that apps/api/src/config.ts does not read, each read by
 * something else. Add one here only with where it is read.
 */
const readElsewhere: Record<string, string> = {
  // firebase-admin's application default credentials (google-auth-library's GoogleAuth), with a real project.
  GOOGLE_APPLICATION_CREDENTIALS: 'the Firebase Admin SDK (google-auth-library)',
  // `npm start` / `npm run dev`, before the server starts.
  AUTH_EMULATOR: 'scripts/start.mjs',
  AUTH_EMULATOR_PORT: 'scripts/start.mjs',
  AUTH_EMULATOR_HUB_PORT: 'scripts/start.mjs',
  AUTH_EMULATOR_LOGGING_PORT: 'scripts/start.mjs',
  AUTH_EMULATOR_START_SECONDS: 'scripts/lib/emulator.mjs (called by scripts/start.mjs)',
};

/** Every backticked ALL_CAPS name in the first column of the doc's tables (a row may name several). */
function documentedVariables(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1] as string);
  }
  return names;
}

describe('docs/configuration.md matches the variables config.ts reads', () => {
  const documented = documentedVariables(readFileSync(docPath, 'utf8'));

  it('finds the tables at all', () => {
    expect(documented.size).toBeGreaterThan(20);
    expect(configVariables.length).toBeGreaterThan(20);
  });

  it('documents every variable of the schema', () => {
    const missing = configVariables.filter((name) => !documented.has(name));
    expect(missing, `read by config.ts but not in docs/configuration.md: ${missing.join(', ')}`).toEqual([]);
  });

  it('names no variable config.ts does not read (beyond the listed exceptions)', () => {
    const read = new Set(configVariables);
    const unknown = [...documented].filter((name) => !read.has(name) && !(name in readElsewhere));
    expect(unknown, `in docs/configuration.md but not read by config.ts: ${unknown.join(', ')}`).toEqual([]);
  });

  it('keeps each exception documented and not read by config.ts', () => {
    const stale = Object.keys(readElsewhere).filter((name) => !documented.has(name) || configVariables.includes(name));
    expect(stale, `exceptions no longer needed: ${stale.join(', ')}`).toEqual([]);
  });
});
