import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileCatalogPart, isPublicKey } from './lingui-catalog';
import { keysOf, reachable, SCREEN_MODULES, textParts } from './screen-texts';

// The web app's folder (jsdom gives this file no file: URL of its own).
const root = join(import.meta.dirname, '..');
const english = JSON.parse(readFileSync(join(root, 'src/locales/en.json'), 'utf8')) as Record<string, string>;
const keys = Object.keys(english);

function scratch(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'screen-texts-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the keys a part holds', () => {
  it('a quoted key, every key a template may become, and a namespace handed whole as `texts`', () => {
    const dir = scratch({
      'a.tsx': [
        "t('users.title');",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text holding a template literal
        't(`automations.kind.${kind}`);',
        '<SettingsScreen texts="stampCard" />;',
        "const site = 'google.com';",
      ].join('\n'),
    });
    const found = keysOf([join(dir, 'a.tsx')], keys);
    expect(found).toContain('users.title');
    expect(found).not.toContain('users.subtitle');
    const kinds = keys.filter((k) => k.startsWith('automations.kind.'));
    expect(kinds.length).toBeGreaterThan(1);
    for (const k of kinds) expect(found).toContain(k);
    expect(keys.filter((k) => k.startsWith('stampCard.')).every((k) => found.has(k))).toBe(true);
    expect([...found].some((k) => k.startsWith('google.'))).toBe(false);
  });

  it('follows static and lazy imports through @/ and relative paths, and stops where told', () => {
    const dir = scratch({
      'src/page.tsx': "import { a } from './a';\nconst B = React.lazy(() => import('@/b'));\nimport x from 'react';",
      'src/a.ts': "export * from './c';",
      'src/b/index.tsx': "t('users.title');",
      'src/c.ts': "t('users.subtitle');",
    });
    const files = [...reachable(dir, ['src/page.tsx'], true)].map((f) => f.slice(dir.length + 1)).sort();
    expect(files).toEqual(['src/a.ts', 'src/b/index.tsx', 'src/c.ts', 'src/page.tsx']);
    const staticOnly = [...reachable(dir, ['src/page.tsx'], false)].map((f) => f.slice(dir.length + 1)).sort();
    expect(staticOnly).toEqual(['src/a.ts', 'src/c.ts', 'src/page.tsx']);
    const stopped = reachable(dir, ['src/page.tsx'], true, new Set([join(dir, 'src/a.ts')]));
    expect([...stopped].some((f) => f.endsWith('c.ts'))).toBe(false);
  });

  it("on the app: the shell holds the frame's texts, each screen its own, none a public text", () => {
    const parts = textParts(root, keys, isPublicKey);
    expect(parts.shell).toContain('nav.logout');
    expect(parts.shell).toContain('profile.title');
    expect(parts.screens.dashboard).toContain('insights.title');
    expect(parts.screens.users).toContain('users.title');
    expect(parts.screens.users).not.toContain('members.title');
    // The settings screens name their namespace through SettingsScreen's `texts`.
    expect(parts.screens.pointSettings).toContain('pointSettings.subtitle');
    for (const part of [parts.shell, ...Object.values(parts.screens)]) {
      expect([...part].filter(isPublicKey)).toEqual([]);
    }
    expect(Object.keys(parts.screens).sort()).toEqual(Object.keys(SCREEN_MODULES).sort());
  });

  it('every route of the workspace names a screen part that exists', () => {
    const routes = readFileSync(join(root, 'src/app/routes.tsx'), 'utf8');
    const named = [...routes.matchAll(/,\s*'([A-Za-z]+)',?\s*\)/g)].map((m) => m[1]);
    expect(named.length).toBe(Object.keys(SCREEN_MODULES).length);
    for (const id of named) expect(Object.keys(SCREEN_MODULES)).toContain(id);
  });

  it('compiles only the part asked for; without the parts (dev server, tests) the shell is the whole workspace', () => {
    const parts = textParts(root, keys, isPublicKey);
    const shell = compileCatalogPart(english, 'shell', true, parts);
    expect(Object.keys(shell).sort()).toEqual([...parts.shell].sort());
    expect(Object.keys(compileCatalogPart(english, 'screen-users', true, parts)).sort()).toEqual(
      [...parts.screens.users].sort(),
    );
    expect(Object.keys(compileCatalogPart(english, 'shell', true))).toEqual(
      Object.keys(compileCatalogPart(english, 'workspace', true)),
    );
  });
});
