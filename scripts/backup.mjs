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
  if (manifest.heldMs !== undefined)
    console.log(
      `The server's reads and writes waited ${(manifest.heldMs / 1000).toFixed(2)} s for the database's copy.`,
    );
} catch (error) {
  console.error(`Backup failed: ${error.message}`);
  process.exit(1);
}
