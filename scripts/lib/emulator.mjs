// Starts and stops the Firebase Auth emulator (firebase-tools) for `npm start`, `npm run dev` and the tests.
// Only the auth emulator runs: it needs no Java and nothing from the internet for a demo- project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const firebaseBin = join(repoRoot, 'node_modules', '.bin', 'firebase');

/**
 * @param {object} opts
 * @param {string} opts.projectId
 * @param {number} opts.port        auth emulator port
 * @param {number} opts.hubPort     emulator hub port (used for exports)
 * @param {number} opts.loggingPort
 * @param {string} opts.workDir     where the generated firebase.json lives
 * @param {string} [opts.importDir] accounts to import at start, when it exists
 * @param {(line: string) => void} [opts.onLine] every output line of the emulator
 * @param {AbortSignal} [opts.signal] stops a start still under way (the caller is shutting down)
 */
export async function startAuthEmulator(opts) {
  mkdirSync(opts.workDir, { recursive: true });
  const configPath = join(opts.workDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.port },
        hub: { host: '127.0.0.1', port: opts.hubPort },
        logging: { host: '127.0.0.1', port: opts.loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', configPath];
  if (opts.importDir && existsSync(join(opts.importDir, 'firebase-export-metadata.json'))) {
    args.push('--import', opts.importDir);
  }
  const child = spawn(firebaseBin, args, {
    cwd: opts.workDir,
    // The CLI's update check and telemetry would only time out on a closed network.
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      CI: process.env.CI ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  let output = '';
  const feed = (chunk) => {
    const text = chunk.toString();
    output += text;
    if (output.length > 20000) output = output.slice(-20000);
    for (const line of text.split('\n')) if (line.trim()) opts.onLine?.(line);
  };
  child.stdout.on('data', feed);
  child.stderr.on('data', feed);

  const host = `127.0.0.1:${opts.port}`;
  // 90 s by default; a busy machine (a CI runner, parallel suites) may need longer: AUTH_EMULATOR_START_SECONDS.
  const deadline = Date.now() + Number(process.env.AUTH_EMULATOR_START_SECONDS || 90) * 1000;
  // The answer that ended the wait is the one trusted: asking again after it could, on a loaded machine, time out
  // (1 s) and call a running emulator dead.
  let up = false;
  while (Date.now() < deadline) {
    if (opts.signal?.aborted) {
      await stop(child);
      throw new Error('Auth emulator start cancelled');
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      stop(child);
      throw new Error(`Auth emulator exited (${child.signalCode ?? child.exitCode}):\n${output}`);
    }
    // The CLI says when its emulators listen; on a loaded machine that line can come long before a 1 s probe answers.
    up = output.includes('All emulators ready') || (await isUp(host));
    if (up) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) {
    stop(child);
    throw new Error(`Auth emulator did not start on ${host}:\n${output}`);
  }

  return {
    host,
    child,
    /** Writes the emulator's accounts to dir in its own import format. */
    async exportTo(dir) {
      const res = await fetch(`http://127.0.0.1:${opts.hubPort}/_admin/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ path: dir, initiatedBy: 'loyalty-portal' }),
      });
      if (!res.ok) throw new Error(`export failed: ${res.status} ${await res.text()}`);
    },
    stop: () => stop(child),
  };
}

async function isUp(host) {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return res.status < 500;
  } catch {
    return false;
  }
}

/** Stops the emulator and the Java-less node processes it spawned (its whole process group). */
function stop(child) {
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {}
    }
  };
  return new Promise((resolveStop) => {
    // The CLI itself gone (killed, crashed): whatever it left in its group goes at once.
    if (child.exitCode !== null || child.signalCode !== null) {
      signalGroup('SIGKILL');
      return resolveStop();
    }
    const force = setTimeout(() => signalGroup('SIGKILL'), 5000);
    force.unref();
    child.once('exit', () => {
      clearTimeout(force);
      signalGroup('SIGKILL');
      resolveStop();
    });
    signalGroup('SIGINT');
  });
}

/** Emulator REST helpers shared by seeding and tests. */
export function emulatorRest(host, projectId) {
  const base = `http://${host}`;
  return {
    identity: (path) => `${base}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`,
    verificationCodes: `${base}/emulator/v1/projects/${projectId}/verificationCodes`,
    accounts: `${base}/emulator/v1/projects/${projectId}/accounts`,
  };
}
