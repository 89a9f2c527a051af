#!/usr/bin/env node
// `npm run db:generate -w apps/api`: drizzle-kit's CLI with drizzle-orm where it looks for it. npm installs
// drizzle-kit at the root but drizzle-orm under apps/api (beside apps/api's PGlite; firebase-tools pins an older
// one at the root), and the CLI imports drizzle-orm from its own folder. So a link to apps/api's drizzle-orm is
// put in the root node_modules for the run and taken away after it (only if this script made it).
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const api = dirname(dirname(fileURLToPath(import.meta.url)));
const rootModules = join(api, '..', '..', 'node_modules');
const link = join(rootModules, 'drizzle-orm');
const target = join(api, 'node_modules', 'drizzle-orm');
const linkExists = () => existsSync(link) || lstatSync(link, { throwIfNoEntry: false }) !== undefined;

const made = existsSync(target) && !linkExists();
if (made) symlinkSync(relative(rootModules, target), link, 'dir');
let status = 1;
try {
  const kit = join(rootModules, '.bin', 'drizzle-kit');
  status = spawnSync(kit, process.argv.slice(2), { cwd: api, stdio: 'inherit' }).status ?? 1;
} finally {
  if (made) rmSync(link);
}
process.exit(status);
