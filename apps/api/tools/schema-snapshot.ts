// `npm run db:snapshot`: brings drizzle-kit's snapshot up to the schema in src/db/schema, so that
// `npm run db:generate -w apps/api` diffs a schema change against what the migrations already hold. Migrations are
// hand-written SQL (docs/architecture.md, "Migrations"), which leaves drizzle-kit's snapshots behind; run this after
// adding or merging them. `--check` only prints what a migration generated now would contain and fails if anything.
//
// drizzle-kit sits in the root node_modules, drizzle-orm under apps/api (it stays beside apps/api's PGlite, as
// firebase-tools pins an older one at the root), so the npm script puts apps/api/node_modules on NODE_PATH and
// drizzle-kit is loaded through require, which honours it.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from '../src/db/schema';

type Snapshot = { id: string; prevId: string } & Record<string, unknown>;
type DrizzleKitApi = {
  generateDrizzleJson: (imports: Record<string, unknown>, prevId?: string) => Snapshot;
  generateMigration: (prev: Snapshot, cur: Snapshot) => Promise<string[]>;
};

const migrations = fileURLToPath(new URL('../src/db/migrations', import.meta.url));
const meta = join(migrations, 'meta');

/** drizzle-kit's choice of the previous snapshot: the last file by name. */
function latestSnapshot(): { file: string; snapshot: Snapshot } {
  const file = readdirSync(meta)
    .filter((f) => f.endsWith('_snapshot.json'))
    .sort()
    .at(-1);
  if (!file) throw new Error(`no snapshot in ${meta}`);
  return { file, snapshot: JSON.parse(readFileSync(join(meta, file), 'utf8')) };
}

/** The number of the journal's last migration, which names the snapshot of the schema after it. */
function lastMigrationNumber(): string {
  const journal = JSON.parse(readFileSync(join(meta, '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const tag = journal.entries.at(-1)?.tag;
  if (!tag) throw new Error('the migration journal is empty');
  return tag.split('_')[0] as string;
}

/** The SQL `drizzle-kit generate` would write now: none when the snapshot is up to date with the schema. */
export async function pendingStatements(): Promise<string[]> {
  const kit = createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi;
  const { snapshot } = latestSnapshot();
  return kit.generateMigration(snapshot, kit.generateDrizzleJson(schema, snapshot.id));
}

/** Writes the snapshot of today's schema as the last migration's; returns its file name, or null if up to date. */
export async function updateSnapshot(): Promise<string | null> {
  if ((await pendingStatements()).length === 0) return null;
  const kit = createRequire(import.meta.url)('drizzle-kit/api') as DrizzleKitApi;
  const latest = latestSnapshot();
  const file = `${lastMigrationNumber()}_snapshot.json`;
  // Re-run before the next migration: replace that migration's snapshot in place, keeping its place in the chain.
  const prevId = latest.file === file ? latest.snapshot.prevId : latest.snapshot.id;
  const id = latest.file === file ? latest.snapshot.id : randomUUID();
  const next = { ...kit.generateDrizzleJson(schema, prevId), id, prevId };
  writeFileSync(join(meta, file), `${JSON.stringify(next, null, 2)}\n`);
  return file;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const pending = await pendingStatements();
    for (const statement of pending) console.log(`${statement};`);
    console.log(
      pending.length === 0 ? 'The drizzle snapshot matches the schema.' : 'The snapshot is behind the schema.',
    );
    process.exit(pending.length === 0 ? 0 : 1);
  }
  const written = await updateSnapshot();
  console.log(
    written ? `Wrote src/db/migrations/meta/${written}.` : 'The drizzle snapshot already matches the schema.',
  );
}
