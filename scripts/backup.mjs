#!/usr/bin/env node
// npm run backup -- <file>: the embedded default's data (DATA_DIR, ./.data by default) in one file, consistent
// while the server runs (it is asked for the database) or offline. PostgreSQL deployments: docs/backups.md.
import { backup, dataDirOf } from './lib/backup-archive.mjs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run backup -- <file>   (for example: npm run backup -- backups/loyalty.tar.gz)');
  process.exit(2);
}
const dataDir = dataDirOf();
try {
  const manifest = await backup(dataDir, file);
  console.log(
    `Backed up ${dataDir} (${manifest.taken}) to ${file}: database, ${manifest.folders.join(', ') || 'no other folders'}.`,
  );
  const held = manifest.held;
  if (held) {
    const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    // The figures docs/backups.md explains: each pause the server's statements waited for, and what ran beside them.
    const longest = Math.max(held.checkpointMs, held.lockedMs, held.flushLongestMs ?? 0);
    console.log(
      `The server's reads and writes waited at most ${s(longest)} at a time for the database: ` +
        `${s(held.checkpointMs)} for its checkpoint, ${s(held.lockedMs)} for the copy under its lock` +
        `${held.lockedBytes === undefined ? '' : ` (${mb(held.lockedBytes)})`}` +
        `${held.flushLongestMs === undefined ? '' : `, ${s(held.flushLongestMs)} for the longest step writing pages out before the checkpoint`}` +
        `; beside them, writing the pages took ${s(held.flushMs ?? 0)} and the rest of the copy ${s(held.copyMs ?? 0)}.`,
    );
  }
} catch (error) {
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
