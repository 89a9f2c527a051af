// Builds the web app only when its sources are newer than the last build, so `npm start` stays quick.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from './emulator.mjs';

const inputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'apps/web/public',
  'packages/contracts/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** WEB_DIST_DIR (the folder the server serves) is also where the build goes, so parallel suites can each have one. */
const webOutDir = () =>
  process.env.WEB_DIST_DIR ? resolve(repoRoot, process.env.WEB_DIST_DIR) : join(repoRoot, 'apps/web/dist');

/** The npm arguments of a build into the served folder (`npm test` runs them beside other steps). */
export const webBuildArgs = () => ['run', 'build', '-w', 'apps/web', '--', '--outDir', webOutDir(), '--emptyOutDir'];

export function buildWebIfStale({ force = false } = {}) {
  const built = join(webOutDir(), 'index.html');
  const stale = force || !existsSync(built) || inputs.some((p) => newest(join(repoRoot, p)) > statSync(built).mtimeMs);
  if (!stale) return;
  console.log('[start] building the web app…');
  const res = spawnSync('npm', webBuildArgs(), { cwd: repoRoot, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('web build failed');
}
