import { readdirSync } from 'node:fs';
import { configDefaults, type TestProjectInlineConfiguration } from 'vitest/config';

// The API tests in up to four projects, each a set of files on one engine: `api` (embedded PGlite) and, when
// TEST_DATABASE_URL is set (CI sets it), `api-postgres`; the files that mostly wait on spawned servers
// (WAITING_FILES below) in `api-waiting` and `api-postgres-waiting`, which `npm test` runs beside the browser suite
// (scripts/test.mjs). A plain `vitest run` runs them all.

/**
 * API test files that spend most of their time waiting rather than computing: each spawns real servers on data
 * folders of their own, kills them, and waits for a job's expiry or a restart (docs/capacity.md, "The suite's
 * time"). Longest first, as measured on a quiet machine (test/waiting-first-sequencer.ts starts them in this order).
 */
export const WAITING_FILES = [
  'test/backup-while-serving.test.ts',
  'test/google-wallet-crash.test.ts',
  'test/messages-crash.test.ts',
  'test/wallet-crash.test.ts',
  'test/webhooks-crash.test.ts',
  'test/backup-restore.test.ts',
  'test/start-script.test.ts',
  'test/crash-safety.test.ts',
  'src/modules/automations/killed-run.test.ts',
];

/**
 * API test files that run no SQL (documents checked against code, pure functions, the start script, which
 * brings its own embedded database whatever the engine): they would check the same thing twice, so they run on
 * PGlite only (docs/capacity.md, "The suite's time"). A file moved elsewhere simply runs on both engines again.
 */
const engineIndependent = [
  'src/config.test.ts',
  'src/deploying-doc.test.ts',
  'src/lib/changes.test.ts',
  'src/lib/validation-errors.test.ts',
  'src/modules/enrolment/default-slug.test.ts',
  'src/modules/enrolment/poster.test.ts',
  'src/modules/live/record-topics.test.ts',
  'src/modules/wallet/pass-strings.test.ts',
  'src/modules/webhooks/address-guard.test.ts',
  'src/modules/webhooks/sender.test.ts',
  'test/citations.test.ts',
  'test/configuration-doc.test.ts',
  'test/openapi-lint.test.ts',
  'test/public-address.test.ts',
  'test/schema-snapshot.test.ts',
  'test/start-script.test.ts',
];

const testFiles = ['src', 'test'].flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`),
);
const computing = testFiles.filter((file) => !WAITING_FILES.includes(file));

// A project names its files by excluding all others: `extends` adds a project's lists to the base config's, so an
// `include` here would only widen the base's.
const project = (name: string, engine: 'pglite' | 'postgres', files: string[]): TestProjectInlineConfiguration => ({
  extends: './apps/api/vitest.config.ts',
  root: './apps/api',
  test: {
    name,
    ...(engine === 'postgres' ? { env: { TEST_DB_ENGINE: 'postgres' } } : {}),
    exclude: [
      ...configDefaults.exclude,
      ...testFiles.filter((file) => !files.includes(file)),
      ...(engine === 'postgres' ? engineIndependent : []),
    ],
  },
});

export const apiProjects = (withPostgres: boolean): TestProjectInlineConfiguration[] => [
  project('api', 'pglite', computing),
  project('api-waiting', 'pglite', WAITING_FILES),
  ...(withPostgres
    ? [project('api-postgres', 'postgres', computing), project('api-postgres-waiting', 'postgres', WAITING_FILES)]
    : []),
];

/** The projects that test on each engine, for the run's global setup (test/global-setup.ts). */
export const PGLITE_PROJECTS = ['api', 'api-waiting'];
export const POSTGRES_PROJECTS = ['api-postgres', 'api-postgres-waiting'];
