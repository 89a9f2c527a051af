#!/usr/bin/env node
// `npm start` / `npm run dev`: the whole product on one machine with nothing but `npm install` before it.
// Starts the Firebase Auth emulator (accounts kept under DATA_DIR), then the API, which serves the built web
// app; with --dev, Vite's dev server with hot reload in front of the API instead.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { backupIfChanged, recoverBackup, startBackupLoop } from './lib/account-backup.mjs';
import { API_NODE_FLAGS } from './lib/api-node-flags.mjs';
import { repoRoot, startAuthEmulator } from './lib/emulator.mjs';
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

function run(name, command, args, extraEnv) {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping everything`);
      void shutdown(code || 1);
    }
  });
  children.push(child);
  return child;
}

let shuttingDown = false;
async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)));
  await emulatorStarting?.catch(() => {});
  stopBackup();
  if (emulator) {
    await backupIfChanged(emulator, accountsDir).catch(() => {});
    await emulator.stop();
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

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
    }).then((started) => {
      emulator = started;
      stopBackup = startBackupLoop(started, accountsDir);
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
  console.error(`[start] ${err.message}`);
  await shutdown(1);
});
