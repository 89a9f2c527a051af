#!/usr/bin/env node
// `npm start` / `npm run dev`: the whole product on one machine with nothing but `npm install` before it.
// Starts the Firebase Auth emulator (accounts kept under DATA_DIR), then the API, which serves the built web
// app; with --dev, Vite's dev server with hot reload in front of the API instead.
import './lib/require-supported-node.mjs';
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { backupIfChanged, recoverBackup, startBackupLoop } from './lib/account-backup.mjs';
import { API_NODE_FLAGS } from './lib/api-node-flags.mjs';
import { repoRoot, startAuthEmulator } from './lib/emulator.mjs';
import { customerAddressLines } from './lib/public-address.mjs';
import { buildWebIfStale } from './lib/web-build.mjs';

const dev = process.argv.includes('--dev');
const env = process.env;
const port = Number(env.PORT ?? 3000);
const dataDir = resolve(env.DATA_DIR ?? './.data');
const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-loyalty-portal';
// With a real Firebase project (production), no emulator is started.
const useEmulator = env.NODE_ENV !== 'production' && env.AUTH_EMULATOR !== 'off';
const emulatorPort = Number(env.AUTH_EMULATOR_PORT ?? 9099);
const children = [];
let stopBackup = () => {};
let emulator;
/** Settles once the emulator is up (or failed to start), so a shutdown never leaves it behind. */
let emulatorStarting;
/** Cancels an emulator start still under way when everything stops (it would otherwise take its 90 s). */
const stopEmulatorStart = new AbortController();
let shuttingDown = false;
let stopping;

const gone = (child) => child.exitCode !== null || child.signalCode !== null;

/**
 * A signal to a child's whole process group (each child leads one: `detached`), so what it started itself
 * (node --watch's server, Vite's workers) goes with it, even when the child itself is already gone.
 */
function signalGroup(child, signal) {
  try {
    process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {}
  }
}

function run(name, command, args, extraEnv) {
  // Its own process group: a Ctrl-C reaches this script only, which stops everything in order. Nothing is
  // read from the terminal, so a background group never stops on it.
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: process.platform !== 'win32',
  });
  console.log(`[start] ${name} started (pid ${child.pid})`);
  // However a child ends (an exit code, a signal, SIGKILL included), everything stops.
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything`);
      void shutdown(code || 1);
    }
  });
  children.push(child);
  return child;
}

/** Stops every child and the emulator, then exits; called again (another signal) it answers the same stop. */
function shutdown(code = 0) {
  stopping ??= stopEverything(code);
  return stopping;
}

async function stopEverything(code) {
  shuttingDown = true;
  stopEmulatorStart.abort();
  const exits = children.map((c) => (gone(c) ? null : new Promise((r) => c.once('exit', r))));
  for (const child of children) signalGroup(child, 'SIGTERM');
  // A child that ignores SIGTERM is not waited for for ever.
  const force = setTimeout(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
  }, 10_000);
  force.unref();
  await Promise.all(exits);
  clearTimeout(force);
  // What a dead child left behind in its group (a server started by node --watch) goes too.
  for (const child of children) signalGroup(child, 'SIGKILL');
  await emulatorStarting?.catch(() => {});
  stopBackup();
  if (emulator) {
    await backupIfChanged(emulator, accountsDir).catch(() => {});
    await emulator.stop();
  }
  process.exit(code);
}

let signals = 0;
function onSignal(signal) {
  // The first signal stops everything in order; a second one (an impatient Ctrl-C) kills at once.
  if (++signals > 1) {
    console.error(`[start] ${signal} again: killing everything now`);
    for (const child of children) signalGroup(child, 'SIGKILL');
    if (emulator) signalGroup(emulator.child, 'SIGKILL');
    process.exit(1);
  }
  void shutdown(0);
}
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
process.on('SIGHUP', onSignal);

const accountsDir = join(dataDir, 'auth-emulator');

async function main() {
  if (!dev) buildWebIfStale();
  const apiEnv = { DATA_DIR: dataDir, PORT: String(dev ? port + 1 : port) };
  if (useEmulator) {
    recoverBackup(accountsDir);
    console.log(`[start] starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort}…`);
    // The API boots (module load, database, migrations) while the emulator does, which takes seconds on its
    // own; the API's demo seed waits for the emulator to answer before it signs the demo owner up.
    emulatorStarting = startAuthEmulator({
      projectId,
      port: emulatorPort,
      hubPort: Number(env.AUTH_EMULATOR_HUB_PORT ?? emulatorPort + 1),
      loggingPort: Number(env.AUTH_EMULATOR_LOGGING_PORT ?? emulatorPort + 2),
      workDir: join(dataDir, 'emulator-config'),
      importDir: accountsDir,
      // SMS codes are the lines a developer needs; the rest of the emulator's chatter stays quiet.
      onLine: (line) => {
        if (/to verify|verification code|error|✖/i.test(line)) console.log(`[auth-emulator] ${line.trim()}`);
      },
      signal: stopEmulatorStart.signal,
    }).then((started) => {
      emulator = started;
      console.log(`[start] Auth emulator ready (pid ${started.child.pid})`);
      stopBackup = startBackupLoop(started, accountsDir);
      // The emulator is a child like the others: if it dies, everything stops.
      started.child.once('exit', (exitCode, signal) => {
        if (!shuttingDown) {
          console.error(`[start] auth emulator stopped (${signal ?? exitCode}); stopping everything`);
          void shutdown(exitCode || 1);
        }
      });
    });
    apiEnv.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${emulatorPort}`;
    // The API then listens on loopback only (config.ts) unless HOST says otherwise: say what that means.
    if (env.HOST && !['127.0.0.1', 'localhost', '::1'].includes(env.HOST)) {
      console.warn(
        `[start] WARNING: HOST=${env.HOST} with the Auth emulator on: emulator tokens are unsigned, so anyone who can ` +
          'reach this address can sign in as any user. Use it only on a network you trust.',
      );
    }
    apiEnv.FIREBASE_PROJECT_ID = projectId;
  }
  run(
    'api',
    process.execPath,
    [...API_NODE_FLAGS, '--import', 'tsx', dev ? '--watch' : '', 'apps/api/src/server.ts'].filter(Boolean),
    apiEnv,
  );
  if (dev) {
    run(
      'web',
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), '--config', 'apps/web/vite.config.ts'],
      {
        PORT: String(port),
        API_PROXY_TARGET: `http://127.0.0.1:${port + 1}`,
      },
    );
  }
  await emulatorStarting;
  await waitForReady(`http://127.0.0.1:${port}/api/ready`);
  console.log(`[start] ready: open http://localhost:${port}`);
  // A first-time owner tries the join link on a phone next: say whether it can open it, and how.
  for (const line of customerAddressLines({ env, port })) console.log(`[start] ${line}`);
}

async function waitForReady(url) {
  for (let i = 0; i < 600 && !shuttingDown; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
}

main().catch(async (err) => {
  // An emulator start cut short by a stop already under way is no error of its own.
  if (!shuttingDown) console.error(`[start] ${err.message}`);
  await shutdown(1);
});
