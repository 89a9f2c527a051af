import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the start script
import { startAuthEmulator } from '../../../scripts/lib/emulator.mjs';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { PGLITE_PROJECTS, POSTGRES_PROJECTS } from '../vitest.projects';
import { writeMigratedTemplate } from './pglite-template';
import { resetPostgres } from './reset-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
    pgliteTemplate: string;
  }
}

/**
 * Runs once for the whole Vitest run: an Auth emulator on free ports of its own (so neither a running `npm start`
 * nor another test run collides), a migrated embedded database the API tests' apps start from, and, when
 * TEST_DATABASE_URL is set, a freshly migrated PostgreSQL schema.
 */
export default async function setup(project: TestProject) {
  const workDir = new URL(`../../../.test-data/emulator-vitest-${process.pid}`, import.meta.url).pathname;
  const pgliteTemplate = `${workDir}-pglite.tar.gz`;
  const runsApiOnPglite = project.vitest.projects.some((p) => PGLITE_PROJECTS.includes(p.name));
  // Only a run with a PostgreSQL project empties and migrates it: `npm test` runs the web projects in a Vitest run
  // of their own (scripts/test.mjs), and two runs migrating one database at once collide.
  const runsApiOnPostgres = project.vitest.projects.some((p) => POSTGRES_PROJECTS.includes(p.name));
  // The web and contracts projects call no emulator: a run of them alone (`npm test`'s web lane) starts none.
  const runsApi = runsApiOnPglite || runsApiOnPostgres;
  const [emulator] = await Promise.all([
    runsApi
      ? startAuthEmulator({
          projectId: 'demo-loyalty-portal',
          port: await freePort(),
          hubPort: await freePort(),
          loggingPort: await freePort(),
          workDir,
        })
      : undefined,
    runsApiOnPglite ? writeMigratedTemplate(pgliteTemplate) : undefined,
    process.env.TEST_DATABASE_URL && runsApiOnPostgres ? resetPostgres(process.env.TEST_DATABASE_URL) : undefined,
  ]);
  project.provide('emulatorHost', emulator?.host ?? '');
  project.provide('pgliteTemplate', pgliteTemplate);
  return async () => {
    await emulator?.stop();
    rmSync(workDir, { recursive: true, force: true });
    rmSync(pgliteTemplate, { force: true });
  };
}
