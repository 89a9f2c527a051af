import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** The numbered sections (`## 8. …`) of a document of the repo. */
function sections(doc: string): Set<string> {
  const text = readFileSync(resolve(root, doc), 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((m) => m[1] as string));
}

/** Every tracked source line of the apps, packages, scripts and bench that mentions `pattern` (git grep). */
function sourceLines(pattern: string): string[] {
  try {
    return execFileSync('git', ['grep', '-n', '-E', pattern, '--', 'apps', 'packages', 'scripts', 'bench'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    return []; // git grep exits 1 when nothing matches
  }
}

// Code comments cite the design rules and the spec by section; both live in docs/ so that a reader of the code
// can follow every citation inside the repo (docs/architecture.md, "Where the rules come from").
describe('citations in code comments', () => {
  it('name a document of the repo: no bare "DESIGN §" or "spec §"', () => {
    const bare = sourceLines('(DESIGN|[Ss]pec) §').filter((line) => !line.includes('citations.test.ts'));
    expect(bare).toEqual([]);
  });

  it('cite documents, not issue numbers a reader of the repo cannot open', () => {
    const issues = sourceLines('[Ii]ssues? [0-9]').filter(
      (line) => !line.startsWith('bench/') && !line.includes('citations.test.ts'),
    );
    expect(issues).toEqual([]);
  });

  it('point at sections that exist in that document', () => {
    const docs = ['docs/design.md', 'docs/spec/access-and-identity.md', 'docs/spec/data-screens.md'];
    const known = new Map(docs.map((doc) => [doc, sections(doc)]));
    const missing: string[] = [];
    for (const line of sourceLines('docs/(design|spec/[a-z-]+)\\.md §')) {
      for (const cite of line.matchAll(/(docs\/(?:design|spec\/[a-z-]+)\.md) ((?:§\d+[,/ ]*(?:and )?)+)/g)) {
        const doc = cite[1] as string;
        for (const [, section] of (cite[2] as string).matchAll(/§(\d+)/g)) {
          if (!known.get(doc)?.has(section as string)) missing.push(`${doc} §${section}: ${line.slice(0, 120)}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
