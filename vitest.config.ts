import { configDefaults, defineConfig } from 'vitest/config';
import WaitingFirstSequencer from './apps/api/test/waiting-first-sequencer';
import { webProjects } from './apps/web/vitest.projects';

// One Vitest run covers every workspace; each project has its own environment. The API suite runs once on
// embedded PGlite and, when TEST_DATABASE_URL is set (CI does), once more on PostgreSQL.

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

const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: {
          name: 'api-postgres',
          env: { TEST_DB_ENGINE: 'postgres' },
          exclude: [...configDefaults.exclude, ...engineIndependent],
        },
      },
    ]
  : [];

export default defineConfig({
  test: {
    globalSetup: ['./apps/api/test/global-setup.ts'],
    sequence: { sequencer: WaitingFirstSequencer },
    projects: ['packages/contracts', 'apps/api', ...postgresProject, ...webProjects],
  },
});
