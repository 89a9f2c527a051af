#!/usr/bin/env node
// npm run restore -- <file>: puts a backup made by npm run backup back into DATA_DIR (./.data by default).
// Refuses while a server uses that folder; what was there is kept beside it, never deleted.
import { dataDirOf, RefusedError, restore } from './lib/backup-archive.mjs';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore -- <file>');
  process.exit(2);
}
const dataDir = dataDirOf();
try {
  const { manifest, kept } = await restore(dataDir, file);
  console.log(`Restored ${file} (taken ${manifest.createdAt}) into ${dataDir}.`);
  if (kept) console.log(`The data that was there is kept in ${kept}; delete it once you are sure.`);
} catch (error) {
  console.error(
    error instanceof RefusedError ? `Restore refused: ${error.message}` : `Restore failed: ${error.message}`,
  );
  process.exit(1);
}
