import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '../src/db/client';

/**
 * Migrates one embedded database and writes its dump to `file`, so each test app starts from a copy instead of
 * creating a cluster and running every migration again (about 2 s a test app on this machine).
 */
export async function writeMigratedTemplate(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  try {
    const database = createDatabase({ dataDir: dir });
    await database.migrate();
    const dump = await database.dumpDataDir!();
    await database.close();
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let template: Uint8Array<ArrayBuffer> | undefined;

/** The migrated template as a Blob for `createDatabase({ startFrom })`, read once per test file. */
export function migratedTemplate(file: string): Blob {
  template ??= new Uint8Array(readFileSync(file));
  return new Blob([template]);
}
