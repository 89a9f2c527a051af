#!/usr/bin/env node
// `npm test`: every kind of test the project has, in order of speed: lint, typecheck, unit + component +
// API integration (Vitest, PGlite and, with TEST_DATABASE_URL, PostgreSQL), then the browser suite
// (Playwright in Debian's Chromium against the real server and Auth emulator). Ends with one summary line.
import './lib/require-supported-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/emulator.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

const reports = join(repoRoot, '.test-data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const npx = (args, env = {}) =>
  spawnSync('npx', args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } }).status === 0;

const steps = [];
function step(name, fn) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const ok = fn();
  steps.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) console.error(`✖ ${name} failed`);
}

step('lint (Biome)', () => npx(['biome', 'check', '.']));
step(
  'typecheck (tsc)',
  () => npx(['tsc', '-p', 'packages/contracts']) && npx(['tsc', '-p', 'apps/api']) && npx(['tsc', '-p', 'apps/web']),
);
// Two Vitest runs, each with its own worker count: the API suites spend much of their time waiting on the
// Auth emulator and the database, so more files run at once than there are cores; the jsdom suites are
// CPU-bound and get one worker per core, so a busy machine does not starve their user-event typing.
const apiProjects = ['contracts', 'api', ...(process.env.TEST_DATABASE_URL ? ['api-postgres'] : [])];
const vitestRuns = [
  { json: join(reports, 'vitest-api.json'), args: [...apiProjects.flatMap((p) => ['--project', p]), '--maxWorkers=3'] },
  { json: join(reports, 'vitest-web.json'), args: ['--project', 'web', '--maxWorkers=2'] },
];
step('unit, component and API tests (Vitest)', () =>
  vitestRuns
    .map(({ json, args }) =>
      npx(['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]),
    )
    .every(Boolean),
);
step('web build', () => {
  try {
    buildWebIfStale({ force: true });
    return true;
  } catch {
    return false;
  }
});
const playwrightJson = join(reports, 'playwright.json');
step(
  'browser tests (Playwright + Chromium)',
  () =>
    spawnSync('node', ['scripts/ensure-chromium.mjs'], { cwd: repoRoot, stdio: 'inherit' }).status === 0 &&
    npx(['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
    }),
);

// Counts across both runners, so CI and people read one line.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const { json } of vitestRuns) {
  if (!existsSync(json)) continue;
  const r = JSON.parse(readFileSync(json, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
if (existsSync(playwrightJson)) {
  const s = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
const failedSteps = steps.filter((s) => !s.ok);
console.log('');
// Each step's time, so a slow run shows where its minutes go.
for (const s of steps) console.log(`${s.ok ? '✔' : '✖'} ${s.name} (${s.seconds} s)`);
// A failed step that ran no test (lint, typecheck, build) still counts as a failure.
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
