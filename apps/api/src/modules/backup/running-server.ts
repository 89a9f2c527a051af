import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The running server's note in its data folder (embedded PGlite only): its process id, its port and a secret
 * that only someone who can read the folder knows. `npm run backup` uses it to ask this server for a consistent
 * copy of the database (PGlite is one process: no second one may open the files), `npm run restore` to refuse
 * to overwrite a folder a server is using. Read by scripts/lib/backup-archive.mjs.
 */
const SERVER_NOTE = 'server.json';

export function newBackupToken(): string {
  return randomBytes(32).toString('base64url');
}

export function announceServer(dataDir: string, note: { port: number; token: string }): () => void {
  const file = join(dataDir, SERVER_NOTE);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, ...note })}\n`, { mode: 0o600 });
  return () => rmSync(file, { force: true });
}
