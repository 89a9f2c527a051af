#!/usr/bin/env node
// `npm test`: every kind of test the project has, in three parts one after the other:
//   web lane:   component tests (Vitest, web), lint (Biome + import fences), typecheck, web build: the quick
//               failures first
//   API lane:   unit + API integration (Vitest: contracts and api on PGlite and, with TEST_DATABASE_URL, PostgreSQL)
//   then:       the browser suite (Playwright in Debian's Chromium against the real server and Auth emulator) and,
//               beside it, the API files that mostly wait on servers they spawn (WAITING_FILES in apps/api/vitest.projects.ts).
// Each lane's output is prefixed with its name; the run ends with each step's time and one summary line.
import './lib/require-supported-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './lib/emulator.mjs';
import { webBuildArgs } from './lib/web-build.mjs';

const reports = join(repoRoot, '.test-data', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Runs a command to its end, each output line prefixed with the lane's name; true when it exits 0. */
function run(lane, command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0'), ...env },
    });
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      createInterface({ input: from }).on('line', (line) => to.write(`[${lane}] ${line}\n`));
    }
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}
const npx = (lane, args, env) => run(lane, 'npx', args, env);

/**
 * CPU seconds (user + system) of this process's finished children and their own waited-for children, from
 * /proc/self/stat (Linux; 0 elsewhere): what a step cost the machine, which a loaded machine does not change
 * the way it changes wall time (docs/capacity.md, "The suite's time").
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After the name: state is field 3, cutime field 16 and cstime field 17 (proc(5)), in clock ticks (100 a second).
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

const steps = [];
/** Runs one step of a lane and records its time, its CPU and its outcome. */
async function step(lane, name, fn) {
  console.log(`\n━━ ${lane}: ${name} ━━`);
  const started = Date.now();
  const cpuBefore = childCpuSeconds();
  const ok = await fn();
  steps.push({
    name,
    ok,
    seconds: Math.round((Date.now() - started) / 1000),
    cpu: Math.round(childCpuSeconds() - cpuBefore),
  });
  if (!ok) console.error(`✖ ${name} failed`);
  return ok;
}
const vitest = (lane, json, args) =>
  npx(lane, ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`]);

// Three Vitest runs, each with its own worker count: the API suites spend part of their time waiting on the
// Auth emulator and the database, so more files run at once than there are cores; the jsdom suites are
// CPU-bound and get one worker per core, so their user-event typing is not starved.
const webProjects = ['web', 'web-api', 'web-mocks'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const apiProjects = ['contracts', 'api', ...(onPostgres ? ['api-postgres'] : [])];
const waitingProjects = ['api-waiting', ...(onPostgres ? ['api-postgres-waiting'] : [])];
const vitestApiJson = join(reports, 'vitest-api.json');
const vitestWaitingJson = join(reports, 'vitest-api-waiting.json');
const vitestWebJson = join(reports, 'vitest-web.json');
const vitestJsons = [vitestApiJson, vitestWaitingJson, vitestWebJson];

const started = Date.now();
// One lane after the other: side by side, the API suites starved the jsdom tests on two cores (a tier dialog
// test took 20 s instead of 3.5, and timed out), and the whole run was no shorter (docs/capacity.md).
await (async () => {
  await step('web', 'component tests (Vitest, jsdom)', () =>
    vitest('web', vitestWebJson, [...webProjects.flatMap((p) => ['--project', p]), '--maxWorkers=2']),
  );
  // The same as `npm run lint`: Biome, then the import fences (scripts/lint-imports.mjs).
  await step('web', 'lint (Biome, import fences)', () => run('web', 'npm', ['run', 'lint']));
  // The three programs side by side: each tsc is one thread (27 s one after the other, 21 s together).
  await step('web', 'typecheck (tsc)', async () =>
    (
      await Promise.all(['packages/contracts', 'apps/api', 'apps/web'].map((dir) => npx('web', ['tsc', '-p', dir])))
    ).every(Boolean),
  );
  await step('web', 'web build', () => run('web', 'npm', webBuildArgs()));
})();
await step('api', 'unit and API tests (Vitest)', () =>
  vitest('api', vitestApiJson, [...apiProjects.flatMap((p) => ['--project', p]), '--maxWorkers=3']),
);
const lanesSeconds = Math.round((Date.now() - started) / 1000);

const playwrightJson = join(reports, 'playwright.json');
// The browser suite alone left part of the machine idle (about 1.3 of the 2 cores), and the waiting API files held
// the API lane's workers for minutes while they waited: side by side the two keep both cores busy, 68 s less in all
// (docs/capacity.md). They start after the API lane, whose PostgreSQL schema this Vitest run empties again.
await step('e2e', 'browser tests (Playwright + Chromium) and the waiting API tests (Vitest)', async () => {
  const [browser, waiting] = await Promise.all([
    (async () =>
      (await run('e2e', 'node', ['scripts/ensure-chromium.mjs'])) &&
      (await npx('e2e', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson,
      })))(),
    vitest('api-waiting', vitestWaitingJson, [...waitingProjects.flatMap((p) => ['--project', p]), '--maxWorkers=3']),
  ]);
  return browser && waiting;
});

// Counts across both runners, so CI and people read one line.
let passed = 0;
let failed = 0;
let skipped = 0;
for (const json of vitestJsons) {
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
for (const s of steps) console.log(`${s.ok ? '✔' : '✖'} ${s.name} (${s.seconds} s, ${s.cpu} CPU s)`);
console.log(`  both lanes ${lanesSeconds} s, whole run ${Math.round((Date.now() - started) / 1000)} s`);
// A failed step that ran no test (lint, typecheck, build) still counts as a failure.
if (failedSteps.length > 0 && failed === 0) failed = failedSteps.length;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps.length > 0 ? 1 : 0);
