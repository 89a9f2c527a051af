import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The workspace's texts come in parts, so a screen's first load carries its own texts and not every other
 * screen's: the shell's part (the gate, sidebar, menus and what they open) with the workspace, and one part per
 * screen with that screen's chunk (src/app/routes.tsx names each screen's part by these ids). Each part holds the
 * namespaces (the first word of a key) that the code reachable from its modules names; see namespacesOf.
 */
export const ENTRY_MODULE = 'src/main.tsx';
export const SHELL_MODULES = ['src/app/workspace-gate.tsx', 'src/lib/member-identity.ts'];
export const SCREEN_MODULES = {
  dashboard: 'src/features/dashboard/dashboard-page.tsx',
  users: 'src/features/users/users-page.tsx',
  members: 'src/features/members/members-page.tsx',
  counter: 'src/features/counter/counter-page.tsx',
  memberships: 'src/features/memberships/memberships-page.tsx',
  rewards: 'src/features/rewards/rewards-page.tsx',
  promotions: 'src/features/promotions/promotions-page.tsx',
  branches: 'src/features/branches/branches-page.tsx',
  walletSettings: 'src/features/wallet-settings/wallet-settings-page.tsx',
  pointSettings: 'src/features/point-settings/point-settings-page.tsx',
  stampCard: 'src/features/stamp-card/stamp-card-page.tsx',
  storeSettings: 'src/features/store-settings/store-settings-page.tsx',
  enrolment: 'src/features/enrolment/enrolment-page.tsx',
  messages: 'src/features/messages/messages-page.tsx',
  automations: 'src/features/automations/automations-page.tsx',
  developers: 'src/features/developers/developers-page.tsx',
  activity: 'src/features/activity/activity-page.tsx',
  staffActivity: 'src/features/activity/staff-activity-page.tsx',
} as const;

export type ScreenId = keyof typeof SCREEN_MODULES;

// Static and dynamic imports and re-exports (type-only ones too: following them only ever adds namespaces).
const IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s*['"]([^'"]+)['"]/g;
const STATIC_IMPORT = /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g;
// A quoted text that starts like a key ('members.title'), up to its closing quote or to its first `${`
// (`walletSettings.${part}Title`: every key it may become), or a namespace handed whole to a shared component
// as its `texts` (SettingsScreen writes `${texts}.title`).
const KEYISH = /(['"`])([A-Za-z]+\.[^'"`\n]*?)(?:\$\{|\1)|\btexts=\{?['"`]([A-Za-z]+)['"`]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveImport(root: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith('@/')) base = join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return undefined; // a package: its code names none of the catalogue's keys
  if (specifier.includes('?')) return undefined;
  for (const ext of EXTENSIONS) {
    const file = base + ext;
    if (/\.tsx?$/.test(file) && existsSync(file) && statSync(file).isFile()) return file;
  }
  return undefined;
}

function importsOf(root: string, file: string, pattern: RegExp): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(pattern)) {
    const resolved = resolveImport(root, file, m[1] ?? m[2] ?? m[3] ?? '');
    if (resolved) found.push(resolved);
  }
  return found;
}

/** The files reachable from `starts` (absolute paths), static imports only or dynamic ones too, less `stop`. */
export function reachable(root: string, starts: string[], dynamic: boolean, stop = new Set<string>()): Set<string> {
  const seen = new Set<string>();
  const pending = starts.map((s) => resolve(root, s));
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file) || stop.has(file)) continue;
    seen.add(file);
    pending.push(...importsOf(root, file, dynamic ? IMPORT : STATIC_IMPORT));
  }
  return seen;
}

/**
 * The catalogue keys that `files` name: a quoted key itself, else every key that a quoted key's beginning may
 * become (`automations.kind.${kind}`, or a whole namespace for `texts="stampCard"`).
 */
export function keysOf(files: Iterable<string>, keys: readonly string[]): Set<string> {
  const exact = new Set(keys);
  const found = new Set<string>();
  const withPrefix = (prefix: string) => {
    for (const key of keys) if (key.startsWith(prefix)) found.add(key);
  };
  for (const file of files) {
    for (const m of readFileSync(file, 'utf8').matchAll(KEYISH)) {
      if (m[3]) withPrefix(`${m[3]}.`);
      else if (m[2] && exact.has(m[2])) found.add(m[2]);
      else if (m[2]) withPrefix(m[2]);
    }
  }
  return found;
}

export type TextParts = { shell: Set<string>; screens: Record<ScreenId, Set<string>> };

/**
 * The keys of the shell's part and of each screen's part, the public ones (`isPublic`) left out: those are loaded
 * before any of them. The first chunk's modules (the entry's static imports) are not walked through from a
 * screen; what they name beyond the public part goes with the shell. A screen's part leaves out the shell's.
 */
export function textParts(root: string, keys: readonly string[], isPublic: (key: string) => boolean): TextParts {
  const entry = reachable(root, [ENTRY_MODULE], false);
  const own = (names: Set<string>, less = new Set<string>()) =>
    new Set([...names].filter((n) => !isPublic(n) && !less.has(n)));
  const shell = own(new Set([...keysOf(entry, keys), ...keysOf(reachable(root, SHELL_MODULES, true, entry), keys)]));
  const screens = {} as Record<ScreenId, Set<string>>;
  for (const [id, module] of Object.entries(SCREEN_MODULES) as [ScreenId, string][]) {
    screens[id] = own(keysOf(reachable(root, [module], true, entry), keys), shell);
  }
  return { shell, screens };
}
