import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own environment. The API suite runs once on
// embedded PGlite and, when TEST_DATABASE_URL is set (CI does), once more on PostgreSQL.
const postgresProject = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: { name: 'api-postgres', env: { TEST_DB_ENGINE: 'postgres' } },
      },
    ]
  : [];

export default defineConfig({
  test: {
    globalSetup: ['./apps/api/test/global-setup.ts'],
    projects: ['packages/contracts', 'apps/api', ...postgresProject, 'apps/web'],
  },
});
