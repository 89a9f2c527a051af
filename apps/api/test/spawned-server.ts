import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../scripts/lib/free-port.mjs';
import { createDatabase } from '../src/db/client';
import { emulatorHost, engine, linkPhone, PROJECT_ID, signUp, uniquePhone } from './helpers';
import { migratedTemplate } from './pglite-template';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

export type Call = (
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: ReturnType<typeof JSON.parse> }>;

/**
 * An embedded database in `dataDir` from the run's migrated template, unless one is there: the server's first start
 * then finds every migration applied instead of running them all (about 8 CPU s each time on PGlite).
 */
async function migratedFolder(dataDir: string) {
  if (engine !== 'pglite' || existsSync(join(dataDir, 'pglite'))) return;
  const database = createDatabase({ dataDir, startFrom: migratedTemplate(inject('pgliteTemplate')) });
  await database.ping();
  await database.close();
}

/**
 * The real server as a child process on a data folder of its own, for tests that kill it with SIGKILL and
 * start it again on the same data. `LOG_LEVEL` in `env` shows its log on this process's output.
 */
export function spawnedServer(dataDir: string, env: Record<string, string> = {}) {
  let server: ChildProcess | undefined;
  let base = '';

  async function start(extra: Record<string, string> = {}) {
    await migratedFolder(dataDir);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const all = { ...env, ...extra };
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        FIREBASE_PROJECT_ID: PROJECT_ID,
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : { DATABASE_URL: '' }),
        ...all,
      },
      stdio: all.LOG_LEVEL ? ['ignore', 'inherit', 'inherit'] : 'ignore',
    });
    // Up to three minutes: a fresh folder runs every migration first, and on a machine shared with other suites
    // (load 30 on two cores) that alone took over a minute.
    for (let i = 0; i < 1800; i++) {
      try {
        if ((await fetch(`${base}/api/ready`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  /** Resolves once the process is gone; it may well have exited before anyone listened. */
  const exited = () =>
    new Promise<void>((resolve) => {
      if (!server || server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });

  const call: Call = async (token, method, path, body, headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  return {
    start,
    exited,
    call,
    kill: () => server?.kill('SIGKILL'),
    get base() {
      return base;
    },
  };
}

/**
 * A business registered and activated over HTTP, as the browser does it, with points settings of $1 → 10
 * points; answers the owner's token. Throws when a step is refused.
 */
export async function businessOverHttp(call: Call, businessName: string): Promise<string> {
  const user = await signUp();
  const reg = await call(user.idToken, 'POST', '/api/onboarding/register', {
    businessName,
    industry: 'Retail & E-commerce',
    email: user.email,
    firstName: 'Ada',
    lastName: 'Crash',
    phone: uniquePhone(),
  });
  if (reg.status !== 200) throw new Error(`register: ${reg.status}`);
  const token = await linkPhone(user.idToken, uniquePhone());
  const activated = await call(token, 'POST', '/api/onboarding/activate', { tenantId: reg.json.tenantId });
  if (activated.status !== 200) throw new Error(`activate: ${activated.status}`);
  const settings = await call(token, 'POST', '/api/points-conversion', {
    earnRateAmount: 1,
    earnRatePoints: 10,
    redeemRatePoints: 100,
    redeemRateAmount: 1,
    expiryType: 'NEVER',
    isActive: true,
    description: '',
  });
  if (settings.status !== 200) throw new Error(`points settings: ${settings.status}`);
  return token;
}
