// Child processes of the benchmark: the API server, the bare Fastify route, `npm start`; their readiness and RSS.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { API_NODE_FLAGS } from '../../scripts/lib/api-node-flags.mjs';
import { repoRoot } from '../../scripts/lib/emulator.mjs';

const children = new Set();

/** Spawns a process in its own group (so its children stop with it), keeping the tail of its output. */
export function spawnTracked(name, args, env, opts = {}) {
  const child = spawn(opts.command ?? process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let tail = '';
  const feed = (chunk) => {
    tail = (tail + chunk.toString()).slice(-8000);
    if (opts.echo) process.stdout.write(chunk);
  };
  child.stdout.on('data', feed);
  child.stderr.on('data', feed);
  children.add(child);
  child.on('exit', () => children.delete(child));
  return {
    name,
    child,
    pid: child.pid,
    output: () => tail,
    stop: (signal = 'SIGTERM', graceMs = 15_000) => stopChild(child, signal, graceMs),
  };
}

function stopChild(child, signal, graceMs) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    try {
      process.kill(-child.pid, signal);
    } catch {
      child.kill(signal);
    }
    setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, graceMs).unref();
  });
}

/** Stops every process this benchmark started (on the way out, even after an error). */
export async function stopAll() {
  await Promise.all([...children].map((c) => stopChild(c, 'SIGTERM', 5000)));
}

export async function waitForOk(url, proc, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (proc && proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited (${proc.child.exitCode}) before ${url} answered:\n${proc.output()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - start;
    } catch {}
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms:\n${proc?.output() ?? ''}`);
}

/** Resident set size of a process in MiB (Linux /proc), or undefined elsewhere. */
export function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return undefined;
  }
}

/** The API as `npm start` runs it (server.ts under tsx), on the given port, data and database. */
export async function startApi({ port, dataDir, emulatorHost, databaseUrl, extraEnv = {}, nodeArgs = [] }) {
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: 'demo-loyalty-portal',
    SEED_DEMO: 'false',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_ONBOARDING_PER_MINUTE: '10000',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '10000',
    RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: '1000000',
    ...extraEnv,
  };
  const spawnedAt = Date.now();
  const proc = spawnTracked(
    `api :${port}`,
    [...API_NODE_FLAGS, ...nodeArgs, '--import', 'tsx', 'apps/api/src/server.ts'],
    env,
  );
  const base = `http://127.0.0.1:${port}`;
  const readyMs = await waitForOk(`${base}/api/ready`, proc);
  return { ...proc, base, readyMs, spawnedAt };
}
