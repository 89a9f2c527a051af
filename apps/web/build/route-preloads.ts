import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The lazy modules each address needs on a first load, by source path: the chunks app/routes.tsx loads for it.
 * `workspace` is what every address behind the workspace gate needs; `screens` adds each screen's own.
 */
export type RoutePreloadTable = {
  public: Record<string, string[]>;
  workspace: string[];
  screens: Record<string, string[]>;
  /**
   * The admin app's entry (its HTML file) when the build has other entries too (customer.html): only what this
   * entry loads is left out of the preloads; another entry's chunks are not loaded by the admin's pages.
   */
  entry?: string;
};

/** The part of a Rollup/Rolldown output chunk this plugin reads. */
export type ChunkInfo = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
};
type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

/** Per address, the files to preload: `paths` for the known ones, `fallback` for any other workspace address. */
export type PreloadMap = { paths: Record<string, string[]>; fallback: string[] };

/**
 * The chunk files of `modules` and the chunks they import statically, less what the entry already loads
 * (Vite preloads those itself). A listed module that is not a lazy chunk of its own fails the build, so a
 * renamed screen cannot silently lose its preload.
 */
export function preloadMap(bundle: Bundle, root: string, table: RoutePreloadTable): PreloadMap {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start: ChunkInfo[]) => {
    const seen = new Set<string>();
    const visit = (c: ChunkInfo) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const f of c.imports) {
        const next = byFile.get(f);
        if (next) visit(next);
      }
    };
    for (const c of start) visit(c);
    return seen;
  };
  const entries = chunks.filter((c) => c.isEntry && (!table.entry || c.facadeModuleId === resolve(root, table.entry)));
  if (table.entry && entries.length === 0) throw new Error(`route-preloads: no entry chunk for ${table.entry}`);
  const loadedByEntry = closure(entries);
  const byModule = new Map(chunks.filter((c) => c.facadeModuleId).map((c) => [c.facadeModuleId as string, c]));
  const files = (modules: string[]) =>
    [
      ...closure(
        modules.map((m) => {
          const chunk = byModule.get(resolve(root, m));
          if (!chunk) throw new Error(`route-preloads: ${m} is not a chunk of its own in this build`);
          return chunk;
        }),
      ),
    ]
      .filter((f) => !loadedByEntry.has(f))
      .sort();
  const paths: Record<string, string[]> = {};
  for (const [path, modules] of Object.entries(table.public)) paths[path] = files(modules);
  for (const [path, modules] of Object.entries(table.screens)) paths[path] = files([...table.workspace, ...modules]);
  return { paths, fallback: files(table.workspace) };
}

/**
 * A tiny module script that runs before the app's (module scripts run in document order, and this one
 * imports nothing) and asks for the address's lazy chunks at once: without it they are requested only once
 * React, Firebase and the app's first chunk have been evaluated, some 150 ms into a cold load.
 */
export function preloadScript(map: PreloadMap): string {
  return `const m=${JSON.stringify(map)},p=location.pathname.replace(/\\/+$/,"")||"/";
for(const f of m.paths[p]??m.fallback){const l=document.createElement("link");l.rel="modulepreload";l.href="/"+f;document.head.appendChild(l)}
`;
}

/** Builds the map from the bundle, emits the script and puts it first among index.html's scripts. */
export function routePreloads(table: RoutePreloadTable): Plugin {
  let root = '';
  let outDir = '';
  let script = '';
  return {
    name: 'loyalty:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const source = preloadScript(preloadMap(bundle as unknown as Bundle, root, table));
      script = this.getFileName(this.emitFile({ type: 'asset', name: 'route-preload.js', source }));
    },
    // After every plugin's generateBundle, index.html included, has run and the files are on disk.
    writeBundle() {
      const html = join(outDir, 'index.html');
      const text = readFileSync(html, 'utf8');
      const at = text.indexOf('<script type="module"');
      if (at < 0) throw new Error('route-preloads: no module script in index.html');
      writeFileSync(
        html,
        `${text.slice(0, at)}<script type="module" src="/${script}"></script>\n    ${text.slice(at)}`,
      );
    },
  };
}
