import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project has its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
  },
});
