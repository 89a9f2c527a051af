import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM helper shared with the start script
import { startAuthEmulator } from '../../../scripts/lib/emulator.mjs';
import { resetPostgres } from './reset-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    emulatorHost: string;
  }
}

/**
 * Runs once for the whole Vitest run: an Auth emulator on its own ports (so a running `npm start` does not
 * collide) and, when TEST_DATABASE_URL is set, a freshly migrated PostgreSQL schema.
 */
export default async function setup(project: TestProject) {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9299);
  const emulator = await startAuthEmulator({
    projectId: 'demo-loyalty-portal',
    port,
    hubPort: port + 1,
    loggingPort: port + 2,
    workDir: new URL('../../../.test-data/emulator-vitest', import.meta.url).pathname,
  });
  project.provide('emulatorHost', emulator.host);
  if (process.env.TEST_DATABASE_URL) await resetPostgres(process.env.TEST_DATABASE_URL);
  return async () => {
    await emulator.stop();
  };
}
