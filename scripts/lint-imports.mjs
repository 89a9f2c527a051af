#!/usr/bin/env node
// The import fences of `npm run lint` (docs/design.md §2): dependency-cruiser with the repository's rules
// (.dependency-cruiser.cjs: no file circle, no web feature importing another, no reaching past an API module's face,
// no product code importing test code, test support only in test folders), then the one check it has no rule for:
// no circle between API modules, where each folder under apps/api/src/modules/ is one module.
// `node scripts/lint-imports.mjs [paths…]` exits 1 on any of them; checkImports() is what the fences' own test runs.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(repoRoot, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const TEST = /(\.test\.tsx?$|^apps\/api\/test\/|^apps\/web\/src\/test\/|^apps\/web\/e2e\/)/;
const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;

/** The circles among API modules: each a list of module names, the first repeated at the end. */
export function moduleCircles(modules) {
  const edges = new Map();
  for (const m of modules) {
    const from = MODULE.exec(m.source)?.[1];
    if (!from || TEST.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = MODULE.exec(d.resolved)?.[1];
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} → ${d.resolved}`);
    }
  }
  // Tarjan's strongly connected components: every component of more than one module holds a circle.
  const index = new Map();
  const low = new Map();
  const stack = [];
  const circles = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      component.push(w);
    } while (w !== v);
    if (component.length > 1) {
      const inside = new Set(component);
      const ties = component.flatMap((a) =>
        [...(edges.get(a) ?? [])].filter(([b]) => inside.has(b)).map(([b, via]) => `${a} → ${b} (${via})`),
      );
      circles.push({ modules: component.sort(), ties });
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/**
 * Runs dependency-cruiser from `cwd` over `paths` with the repository's rules; answers each broken rule as
 * "rule: from → to" and each circle of API modules.
 */
export function checkImports({ cwd = repoRoot, paths = ['apps', 'packages'] } = {}) {
  const out = spawnSync(
    process.execPath,
    [depcruise, '--config', join(repoRoot, '.dependency-cruiser.cjs'), '--output-type', 'json', ...paths],
    { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (out.status !== 0 && !out.stdout) throw new Error(`dependency-cruiser failed: ${out.stderr}`);
  const result = JSON.parse(out.stdout);
  const violations = result.summary.violations.map(
    (v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name ?? c).join(' → ')})` : ''}`,
  );
  return { violations, circles: moduleCircles(result.modules), files: result.summary.totalCruised };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { violations, circles, files } = checkImports({
    paths: process.argv.length > 2 ? process.argv.slice(2) : undefined,
  });
  for (const v of violations) console.error(`✖ ${v}`);
  for (const c of circles) {
    console.error(`✖ api-module-circle: ${c.modules.join(', ')}`);
    for (const t of c.ties) console.error(`    ${t}`);
  }
  const broken = violations.length + circles.length;
  console.log(broken ? `${broken} import fence(s) broken in ${files} files` : `✔ import fences hold (${files} files)`);
  process.exit(broken ? 1 : 0);
}
