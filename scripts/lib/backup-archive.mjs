// One file holding everything the embedded default keeps under DATA_DIR (docs/design.md §9): the PGlite database, the
// uploaded files, the development wallet keys and the Auth emulator's accounts. Used by scripts/backup.mjs and
// scripts/restore.mjs; the backup test runs them as a user would.
import {
  cpSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

export const FORMAT = 'loyalty-portal-backup';
/** The folders of DATA_DIR a backup carries besides the database (pglite/), each copied whole. */
export const FOLDERS = ['uploads', 'wallet-dev', 'auth-emulator'];
const DATABASE = 'pglite';
/**
 * Every file a backup writes is created readable by its owner only: it holds every customer and the wallet keys
 * (docs/backups.md). Set at creation, so the data is never readable by others, not even for an instant.
 */
const OWNER_ONLY = 0o600;
/** The running server's note (apps/api/src/modules/backup/running-server.ts). */
const SERVER_NOTE = 'server.json';

export const dataDirOf = (env = process.env) => resolve(env.DATA_DIR ?? './.data');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** The server using this data folder, from its note, when its process still runs; null otherwise. */
export function runningServer(dataDir) {
  const file = join(dataDir, SERVER_NOTE);
  if (!existsSync(file)) return null;
  try {
    const note = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(note.pid) && alive(note.pid) ? note : null;
  } catch {
    return null;
  }
}

/**
 * The database as an uncompressed tar of PGlite's folder, asked of the running server (the files are its alone)
 * and streamed into `file`. The server copies the folder holding PGlite's lock only for what changed while it
 * copied, and sends the tar after; the archive around it is compressed here, in this process, once the server is
 * free again (docs/design.md §10). Answers the server's own measures (milliseconds): its statements waited for the
 * longest step writing pages out (`flushLongestMs`), the checkpoint (`checkpointMs`) and the copy under the lock
 * (`lockedMs`, `lockedBytes` copied), each a pause of its own; the steps in all (`flushMs`) and the copy's passes
 * (`copyMs`) ran beside them.
 */
async function databaseFromServer(server, file) {
  const response = await fetch(`http://127.0.0.1:${server.port}/api/internal/backup`, {
    method: 'POST',
    headers: { 'x-backup-token': server.token },
  });
  if (!response.ok || !response.body) throw new Error(`the running server refused the backup (${response.status})`);
  await pipeline(Readable.fromWeb(response.body), createWriteStream(file, { mode: OWNER_ONLY }));
  // backup/routes.ts: "flush;dur=400, flushstep;dur=60, checkpoint;dur=13, copy;dur=900, locked;dur=40,
  // lockedbytes;desc=16777216".
  const timing = response.headers.get('server-timing') ?? '';
  const measure = (name, field) => {
    const value = Number(new RegExp(`${name};${field}=(\\d+)`).exec(timing)?.[1]);
    return Number.isFinite(value) ? value : undefined;
  };
  const checkpointMs = measure('checkpoint', 'dur');
  const lockedMs = measure('locked', 'dur');
  if (checkpointMs === undefined || lockedMs === undefined) return undefined;
  return {
    checkpointMs,
    lockedMs,
    flushMs: measure('flush', 'dur'),
    flushLongestMs: measure('flushstep', 'dur'),
    copyMs: measure('copy', 'dur'),
    lockedBytes: measure('lockedbytes', 'desc'),
  };
}

/**
 * Writes the backup to `file`: the database first (from the running server, or the folder itself when no server
 * runs), then the folders. Uploads are only ever added under new names, so every file the database names is
 * there when they are copied after it. The archive is made in a folder only the owner can open and renamed onto
 * `file` when complete: a file already there is replaced whole, never left half written or with its old mode.
 */
export async function backup(dataDir, file) {
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  const staging = mkdtempSync(join(dirname(target), `.${basename(target)}-`));
  try {
    const server = runningServer(dataDir);
    const contents = join(staging, 'contents');
    mkdirSync(contents, { mode: 0o700 });
    // Uncompressed (version 2): the archive's own gzip compresses it once. Version 1 held pglite.tar.gz.
    const database = join(contents, `${DATABASE}.tar`);
    let held;
    if (server) held = await databaseFromServer(server, database);
    else if (existsSync(join(dataDir, DATABASE, 'PG_VERSION'))) {
      // The same layout as PGlite's own dump: the folder's contents at the root of the tar.
      const folder = join(dataDir, DATABASE);
      await tar.c({ file: database, mode: OWNER_ONLY, cwd: folder, portable: true }, readdirSync(folder));
    } else throw new Error(`no database under ${dataDir} (is DATA_DIR right?)`);
    const folders = FOLDERS.filter((f) => existsSync(join(dataDir, f)));
    for (const folder of folders) cpSync(join(dataDir, folder), join(contents, folder), { recursive: true });
    const manifest = {
      format: FORMAT,
      version: 2,
      createdAt: new Date().toISOString(),
      taken: server ? 'from the running server' : 'offline',
      folders,
    };
    writeFileSync(join(contents, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: OWNER_ONLY });
    const archive = join(staging, 'archive.tar.gz');
    await tar.c({ gzip: true, file: archive, mode: OWNER_ONLY, cwd: contents, portable: true }, readdirSync(contents));
    renameSync(archive, target);
    // Kept out of the manifest: figures about this run, not about the data.
    return { ...manifest, ...(held ? { held } : {}) };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into dataDir. Refuses while a server uses the folder. What was there is kept beside it
 * (`<dir>.before-restore-<time>`) rather than deleted; answers that path, or null when there was nothing.
 */
export async function restore(dataDir, file) {
  const server = runningServer(dataDir);
  if (server)
    throw new RefusedError(
      `A server (process ${server.pid}) is using ${dataDir}. Stop it first (Ctrl+C where npm start runs); nothing was changed.`,
    );
  if (!existsSync(file)) throw new RefusedError(`No backup file at ${resolve(file)}.`);
  const staging = `${dataDir}.restoring`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'archive'), { recursive: true });
  try {
    await tar.x({ file, cwd: join(staging, 'archive'), strict: true });
    const archive = join(staging, 'archive');
    const manifest = JSON.parse(readFileSync(join(archive, 'manifest.json'), 'utf8'));
    if (manifest.format !== FORMAT) throw new RefusedError(`${file} is not a Loyalty Portal backup.`);
    const data = join(staging, 'data');
    mkdirSync(join(data, DATABASE), { recursive: true });
    // PGlite's dump names its files from the folder's root ("/PG_VERSION"): tar strips the leading slash.
    // Version 2 holds the database uncompressed (pglite.tar), version 1 gzipped; tar reads either.
    const database = [`${DATABASE}.tar`, `${DATABASE}.tar.gz`].map((f) => join(archive, f)).find(existsSync);
    if (!database) throw new RefusedError(`${file} holds no database.`);
    await tar.x({ file: database, cwd: join(data, DATABASE) });
    if (!existsSync(join(data, DATABASE, 'PG_VERSION'))) throw new RefusedError(`${file} holds no database.`);
    for (const folder of manifest.folders ?? []) renameSync(join(archive, folder), join(data, folder));
    let kept = null;
    if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      kept = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(dataDir, kept);
    } else rmSync(dataDir, { recursive: true, force: true });
    renameSync(data, dataDir);
    return { manifest, kept };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A refusal the user can act on: printed as it is, without a stack. */
export class RefusedError extends Error {}
