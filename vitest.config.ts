import { defineConfig } from 'vitest/config';
import WaitingFirstSequencer from './apps/api/test/waiting-first-sequencer';
import { apiProjects } from './apps/api/vitest.projects';
import { webProjects } from './apps/web/vitest.projects';

// One Vitest run covers every workspace; each project has its own environment. The API suite runs once on
// embedded PGlite and, when TEST_DATABASE_URL is set (CI does), once more on PostgreSQL (apps/api/vitest.projects.ts);
// the web suite's projects are in apps/web/vitest.projects.ts.
export default defineConfig({
  test: {
    globalSetup: ['./apps/api/test/global-setup.ts'],
    sequence: { sequencer: WaitingFirstSequencer },
    projects: ['packages/contracts', ...apiProjects(Boolean(process.env.TEST_DATABASE_URL)), ...webProjects],
  },
});
