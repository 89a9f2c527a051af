import type { Stats } from 'node:fs';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm, unlink } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/** A copy of the embedded database's folder, made for a backup, and what it cost the server. */
export type DataDirCopy = {
  /** The folder holding the copy (the database folder's files at its root); `remove()` deletes it. */
  path: string;
  /**
   * Writing the changed pages out before the checkpoint, in short statements with requests between them: all of
   * them, and the longest one (every other statement waited for that one).
   */
  flushMs: number;
  flushLongestMs: number;
  /** The checkpoint before the copy: one statement, so every other statement waited for it. */
  checkpointMs: number;
  /** The copy while statements ran (nothing waited for it but its share of the machine). */
  copyMs: number;
  /** The copy under PGlite's lock: what changed since the first pass; every statement waited for it. */
  lockedMs: number;
  /** How many bytes were copied under the lock. */
  lockedBytes: number;
  remove(): Promise<void>;
};

/**
 * Changed pages written out per statement before the checkpoint (8 kB each): a checkpoint is one statement and
 * writes every changed page at once (128 MB of shared buffers; after a 100,000-row import about 1 s of pause on a
 * loaded machine), so they are written beforehand a few at a time, other requests running between.
 */
const FLUSH_BATCH = 256;
/** At most this many batches (the buffers' size over the batch, twice): writes meanwhile dirty pages again. */
const MAX_FLUSH_BATCHES = 128;

/** Folders of copies beside the database folder; one left by a server that stopped mid-backup is removed. */
const COPY_PREFIX = '.backup-copy-';
/** Files copied at once (libuv's pool has four threads). */
const PARALLEL = 8;
/**
 * Passes made while statements run before the one under the lock, each copying what changed during the one
 * before; they stop early once a pass copies this little (about the current WAL segment) or no less than the last.
 */
const MAX_FREE_PASSES = 4;
const SMALL_PASS_BYTES = 32 * 1024 * 1024;
/**
 * A file whose times are this close to the start of the first pass is copied again under the lock whatever its
 * times say then: file systems stamp writes with a coarse clock (a tick of 1 to 10 ms on Linux), so a write in
 * the same tick as the first look could leave the times unchanged. The first pass starts twice this long after
 * the checkpoint, so the files the checkpoint wrote count as old.
 */
const TICK_MARGIN_MS = 20;

type Seen = { ino: number; size: number; mtimeMs: number; ctimeMs: number };

const same = (a: Seen, b: Stats) =>
  a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;

/**
 * Every file under `dir`, by its path relative to `dir`, with its times as they are now, and every folder
 * (PostgreSQL will not start without its empty ones, such as pg_tblspc).
 */
function filesUnder(dir: string): { files: Map<string, Stats>; folders: string[] } {
  const files = new Map<string, Stats>();
  const folders: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) folders.push(relative(dir, full));
    if (!entry.isFile()) continue;
    try {
      files.set(relative(dir, full), statSync(full));
    } catch {
      // Deleted between the listing and the look (a WAL segment a checkpoint removed): not there.
    }
  }
  return { files, folders };
}

async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/** Removes copies a server left when it stopped in the middle of a backup (they hold every customer). */
export function removeStaleCopies(dataDir: string) {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith(COPY_PREFIX)) rmSync(join(dataDir, name), { recursive: true, force: true });
  }
}

/**
 * One pass of the copy from `dir` into `into`: every file not `trusted` as unchanged is copied, files gone are
 * removed. Answers the files this pass may trust for the next (their times from before their copy, already old
 * when the pass began), and the bytes it copied.
 */
async function copyPass(dir: string, into: string, trusted: Map<string, Seen>, copied: Set<string>) {
  // The file system's own clock, read from a file it stamps: what "before this pass" means for the times.
  const marker = join(into, '.started');
  writeFileSync(marker, '');
  const started = statSync(marker).mtimeMs - TICK_MARGIN_MS;
  rmSync(marker);

  const now = filesUnder(dir);
  for (const folder of now.folders) mkdirSync(join(into, folder), { recursive: true });
  for (const rel of copied) {
    if (now.files.has(rel)) continue;
    await unlink(join(into, rel)).catch(() => undefined);
    copied.delete(rel);
  }
  const next = new Map<string, Seen>();
  const changed: [string, Stats][] = [];
  for (const [rel, stats] of now.files) {
    const seen = trusted.get(rel);
    if (seen && same(seen, stats)) next.set(rel, seen);
    else changed.push([rel, stats]);
  }
  let bytes = 0;
  await inParallel(changed, async ([rel, seen]) => {
    copied.add(rel);
    bytes += seen.size;
    try {
      await copyFile(join(dir, rel), join(into, rel));
      if (seen.mtimeMs < started && seen.ctimeMs < started) next.set(rel, seen);
    } catch (error) {
      // Gone under the copy (a WAL segment a checkpoint removed): the next pass decides.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  });
  return { trusted: next, bytes };
}

/**
 * Writes the database's changed pages out a batch per statement, yielding to requests between batches, so that the
 * checkpoint after has little left to write. PostgreSQL's pg_buffercache (PGlite's contrib, loaded in client.ts)
 * writes a page when it evicts it; it lives in a schema of its own, apart from the application's tables.
 */
async function flushChangedPages(client: PGlite) {
  await client.exec(
    'CREATE SCHEMA IF NOT EXISTS pglite_tools; CREATE EXTENSION IF NOT EXISTS pg_buffercache SCHEMA pglite_tools;',
  );
  let flushMs = 0;
  let flushLongestMs = 0;
  for (let i = 0; i < MAX_FLUSH_BATCHES; i++) {
    const t = performance.now();
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from (select pglite_tools.pg_buffercache_evict(bufferid)
         from pglite_tools.pg_buffercache where isdirty limit ${FLUSH_BATCH}) as written`,
    );
    const ms = performance.now() - t;
    flushMs += ms;
    flushLongestMs = Math.max(flushLongestMs, ms);
    if ((rows[0]?.n ?? 0) < FLUSH_BATCH) break;
    // Requests that arrived meanwhile are read before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { flushMs, flushLongestMs };
}

/**
 * Copies PGlite's folder `dir` into a new folder under `dataDir` for a backup, holding PGlite's lock only for
 * what changed while it copied (docs/backups.md, docs/design.md §10).
 *
 * 1. A checkpoint with WAL recycling off: PGlite runs as one backend with no checkpointer, so its write-ahead log
 *    grows to max_wal_size (1 GB) and old segments are renamed for reuse, bytes and all; the checkpoint deletes
 *    every segment before it, so the copy holds the tables and a segment or two. The pages it would write are
 *    written beforehand, a few per statement (flushChangedPages), so that it is short.
 * 2. Every file is copied while statements go on (the kernel copies, off the server's thread); then, while that
 *    still takes long, again what changed meanwhile, each pass shorter than the one before.
 * 3. Under PGlite's lock (no statement runs, so the files are what a crash at that instant would leave, and
 *    PostgreSQL recovers that from its log), one last pass: a file whose inode, size and times are those seen
 *    before its last copy, and were already old when that pass began, is unchanged; every other one is copied
 *    again (the current WAL segment, the tables written meanwhile), and files gone are removed from the copy.
 */
export async function copyPgliteFolder(client: PGlite, dir: string, dataDir: string): Promise<DataDirCopy> {
  const flush = await flushChangedPages(client);
  const t0 = performance.now();
  await client.exec('SET wal_recycle = off; CHECKPOINT; RESET wal_recycle;');
  const checkpointMs = performance.now() - t0;
  // So that the files the checkpoint wrote count as old for the first pass (TICK_MARGIN_MS).
  await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MARGIN_MS));

  const path = await mkdtemp(join(dataDir, COPY_PREFIX));
  const remove = () => rm(path, { recursive: true, force: true });
  try {
    const t1 = performance.now();
    const copied = new Set<string>();
    let pass = await copyPass(dir, path, new Map(), copied);
    for (let i = 1; i < MAX_FREE_PASSES && pass.bytes > SMALL_PASS_BYTES; i++) {
      const following = await copyPass(dir, path, pass.trusted, copied);
      const shrinking = following.bytes < pass.bytes;
      pass = following;
      if (!shrinking) break;
    }
    const copyMs = performance.now() - t1;

    const t2 = performance.now();
    const trusted = pass.trusted;
    const locked = await client.runExclusive(() => copyPass(dir, path, trusted, copied));
    const lockedMs = performance.now() - t2;
    // Folders the database removed meanwhile (a dropped database) stay, empty, in the copy: harmless.
    return { path, ...flush, checkpointMs, copyMs, lockedMs, lockedBytes: locked.bytes, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
