// Reads a V8 .cpuprofile (node --cpu-prof) and answers where the server's own time went: self time per
// function and per package, as shares of all samples.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

function where(url) {
  if (!url) return '(native)';
  if (url.startsWith('node:')) return 'node core';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  const own = /\/(apps\/[^/]+\/src\/.*|packages\/[^/]+\/src\/.*)$/.exec(url);
  return own ? own[1].split('/').slice(0, 4).join('/') : url.replace(/^file:\/\//, '');
}

/** skipMs: samples in the first skipMs of the profile (start-up, warm-up) are left out. */
export function summariseProfile(dir, skipMs = 0, top = 12) {
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return undefined;
  // BENCH_KEEP_PROFILES=<folder>: the raw profile is kept there (the run's own folder is removed after it), to
  // open in Chrome DevTools or slice by time.
  const keep = process.env.BENCH_KEEP_PROFILES;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    copyFileSync(join(dir, file), join(keep, `${Date.now()}-${file}`));
  }
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const counts = new Map();
  let t = 0;
  let total = 0;
  for (const [i, id] of profile.samples.entries()) {
    t += profile.timeDeltas[i] ?? 0;
    if (t < skipMs * 1000) continue;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    total++;
  }
  total ||= 1;
  const byFunction = new Map();
  const byPackage = new Map();
  for (const [id, hits] of counts) {
    const node = byId.get(id);
    const { functionName, url, lineNumber } = node.callFrame;
    const pkg = where(url);
    const fn = `${functionName || '(anonymous)'} ${url ? `${pkg}:${lineNumber + 1}` : ''}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
  }
  const rank = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, hits]) => ({ name, pct: (100 * hits) / total }));
  return { samples: total, functions: rank(byFunction), packages: rank(byPackage) };
}
