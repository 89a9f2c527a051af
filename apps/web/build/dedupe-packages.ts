import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The package folders directly in a node_modules folder (scoped ones included), by path. */
function packagesIn(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const dirs: string[] = [];
  for (const name of readdirSync(nodeModules)) {
    if (name.startsWith('.')) continue;
    const dir = join(nodeModules, name);
    if (name.startsWith('@')) for (const sub of readdirSync(dir)) dirs.push(join(dir, sub));
    else dirs.push(dir);
  }
  return dirs;
}

function versionOf(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
    return pkg.name && pkg.version ? `${pkg.name}@${pkg.version}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * For each package folder nested one level down (node_modules/<a>/node_modules/<b>), the folder the build uses
 * instead: the first (shortest path, then by name) folder of the same name and version. npm leaves one version
 * of a package in several such folders when it cannot hoist it (Firebase's @firebase/util 1.12.1 under both
 * @firebase/app and @firebase/auth, beside a newer one at the top), and a bundle would hold each copy.
 */
export function sameVersionFolders(nodeModules: string): Map<string, string> {
  const byVersion = new Map<string, string[]>();
  const add = (dir: string) => {
    const key = versionOf(dir);
    if (key) byVersion.set(key, [...(byVersion.get(key) ?? []), dir]);
  };
  for (const dir of packagesIn(nodeModules)) {
    add(dir);
    for (const nested of packagesIn(join(dir, 'node_modules'))) add(nested);
  }
  const canonical = new Map<string, string>();
  for (const dirs of byVersion.values()) {
    if (dirs.length < 2) continue;
    const [first, ...others] = [...dirs].sort((a, b) => a.length - b.length || a.localeCompare(b));
    for (const dir of others) canonical.set(dir, first as string);
  }
  return canonical;
}

/** Resolves every import of a package copy listed by sameVersionFolders to its first folder (above). */
export function dedupePackages(nodeModules: string): Plugin {
  let canonical = new Map<string, string>();
  return {
    name: 'loyalty:dedupe-packages',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      canonical = sameVersionFolders(nodeModules);
    },
    async resolveId(source, importer, options) {
      if (
        canonical.size === 0 ||
        !importer ||
        source.startsWith('.') ||
        source.startsWith('/') ||
        source.startsWith('\0')
      )
        return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      for (const [dir, first] of canonical) {
        if (resolved.id.startsWith(`${dir}/`)) return { ...resolved, id: first + resolved.id.slice(dir.length) };
      }
      return resolved;
    },
  };
}
