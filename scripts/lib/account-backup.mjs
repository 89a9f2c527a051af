// Keeps the Auth emulator's accounts on disk as they change, so they survive a restart and even a hard kill
// (the emulator's own --export-on-exit runs only on a clean exit).
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const accountsFile = (dir) => join(dir, 'auth_export', 'accounts.json');
const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

/** Before the emulator starts: finish a swap that a kill interrupted. */
export function recoverBackup(dir) {
  if (!existsSync(dir) && existsSync(`${dir}.old`)) renameSync(`${dir}.old`, dir);
  rmSync(`${dir}.tmp`, { recursive: true, force: true });
}

/** Exports into dir.tmp and swaps it in only when the accounts differ from what is on disk. */
export async function backupIfChanged(emulator, dir) {
  const tmp = `${dir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  await emulator.exportTo(tmp);
  if (read(accountsFile(tmp)) === read(accountsFile(dir))) {
    rmSync(tmp, { recursive: true, force: true });
    return false;
  }
  rmSync(`${dir}.old`, { recursive: true, force: true });
  if (existsSync(dir)) renameSync(dir, `${dir}.old`);
  renameSync(tmp, dir);
  rmSync(`${dir}.old`, { recursive: true, force: true });
  return true;
}

export function startBackupLoop(emulator, dir, intervalMs = 1500) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await backupIfChanged(emulator, dir);
    } catch (err) {
      console.error(`[start] could not save emulator accounts: ${err.message}`);
    } finally {
      running = false;
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
