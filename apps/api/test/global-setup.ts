import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the start script
import { startAuthEmulator } from '../../../scripts/lib/emulator.mjs';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { resetPostgres } from './reset-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
  }
}

/**
 * Runs once for the whole Vitest run: an Auth emulator on free ports of its own (so neither a running `npm start`
 * nor another test run collides) and, when TEST_DATABASE_URL is set, a freshly migrated PostgreSQL schema.
 */
export default async function setup(project: TestProject) {
  const workDir = new URL(`../../../.test-data/emulator-vitest-${process.pid}`, import.meta.url).pathname;
  const emulator = await startAuthEmulator({
    projectId: 'demo-loyalty-portal',
    port: await freePort(),
    hubPort: await freePort(),
    loggingPort: await freePort(),
    workDir,
  });
  project.provide('emulatorHost', emulator.host);
  if (process.env.TEST_DATABASE_URL) await resetPostgres(process.env.TEST_DATABASE_URL);
  return async () => {
    await emulator.stop();
    rmSync(workDir, { recursive: true, force: true });
  };
}
