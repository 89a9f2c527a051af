import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * True while a live process (not a zombie) is in that process group. A process killed by SIGKILL stays a zombie
 * until its parent reaps it, and an orphan's parent is PID 1, which in a container may never reap: kill(-group, 0)
 * would call that group alive for ever, so /proc is read instead.
 */
function groupAlive(group: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp …: the command may hold spaces and parentheses, so read after the last ')'.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

/** The processes a process started (Linux /proc). */
const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);
const commandOf = (pid: number): string => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
};

/** True when nothing listens on the port: it can be taken. */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * `npm start` (scripts/start.mjs) as a user runs it, on ports and a data folder of its own, with a web build
 * it takes as fresh (an index.html dated in the future), so no build runs.
 */
async function startScript() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-start-'));
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir);
  const index = join(webDir, 'index.html');
  writeFileSync(index, '<!doctype html><title>test</title>');
  const future = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  utimesSync(index, future, future);
  const [port, emulatorPort, hubPort, loggingPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // The emulator starts slowly on a busy machine; what is tested here is the stop.
      AUTH_EMULATOR_START_SECONDS: '300',
      AUTH_EMULATOR_PORT: String(emulatorPort),
      AUTH_EMULATOR_HUB_PORT: String(hubPort),
      AUTH_EMULATOR_LOGGING_PORT: String(loggingPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lines: ((text: string) => void)[] = [];
  const feed = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of lines) listener(output);
  };
  child.stdout?.on('data', feed);
  child.stderr?.on('data', feed);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  /** Resolves with the first match of `pattern` in the script's output. */
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = (text: string) => {
        const match = pattern.exec(text);
        if (match) resolve(match);
      };
      lines.push(check);
      check(output);
      void exited.then(() => reject(new Error(`start.mjs exited before ${pattern}:\n${output}`)));
    });
  /** Once the script says ready: its API and emulator children, found by their command lines. */
  const ready = async () => {
    await waitFor(/\[start\] ready: open/);
    const kids = childrenOf(child.pid as number);
    const apiPid = kids.find((pid) => commandOf(pid).includes('apps/api/src/server.ts'));
    const emulatorPid = kids.find((pid) => commandOf(pid).includes('emulators:start'));
    if (!apiPid || !emulatorPid) throw new Error(`children not found: ${kids.map(commandOf).join('; ')}`);
    return { apiPid, emulatorPid };
  };
  const pids: number[] = [];
  const cleanup = () => {
    // Only if a test failed half-way: nothing of this run outlives it.
    for (const pid of pids) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {}
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { child, exited, ready, pids, cleanup, port, emulatorPort, output: () => output };
}

// The API killed with SIGKILL left the emulator running and the script deaf to SIGTERM.
describe.runIf(existsSync('/proc/self/task'))('npm start stops everything', () => {
  let run: Awaited<ReturnType<typeof startScript>> | undefined;
  afterEach(() => run?.cleanup());

  it('when the API dies by SIGKILL: the script exits, the emulator and its port are freed', async () => {
    run = await startScript();
    const { apiPid, emulatorPid } = await run.ready();
    run.pids.push(apiPid, emulatorPid);
    expect(await portFree(run.emulatorPort)).toBe(false);
    process.kill(apiPid, 'SIGKILL');
    const { code } = await run.exited;
    expect(code, run.output()).toBe(1);
    expect(run.output()).toMatch(/api stopped \(SIGKILL\); stopping everything/);
    expect(groupAlive(emulatorPid)).toBe(false);
    expect(groupAlive(apiPid)).toBe(false);
    expect(await portFree(run.emulatorPort)).toBe(true);
    expect(await portFree(run.port)).toBe(true);
  }, 480_000);

  it('on SIGTERM: everything stops and the script exits 0', async () => {
    run = await startScript();
    const { apiPid, emulatorPid } = await run.ready();
    run.pids.push(apiPid, emulatorPid);
    run.child.kill('SIGTERM');
    const { code } = await run.exited;
    expect(code, run.output()).toBe(0);
    expect(groupAlive(emulatorPid)).toBe(false);
    expect(groupAlive(apiPid)).toBe(false);
    expect(await portFree(run.emulatorPort)).toBe(true);
    expect(await portFree(run.port)).toBe(true);
  }, 480_000);
});
