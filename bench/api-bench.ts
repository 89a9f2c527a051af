import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';

const N = 2000;

async function timeRequests(app: Awaited<ReturnType<typeof buildApp>>, url: string) {
  for (let i = 0; i < 100; i++) await app.inject({ url }); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await app.inject({ url });
  return Number(process.hrtime.bigint() - start) / 1e6 / N;
}

function dirSize(dir: string): number {
  let total = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const st = statSync(path);
    total += st.isDirectory() ? dirSize(path) : st.size;
  }
  return total;
}

const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: ':memory:' });
const database = createDatabase({ dataDir: ':memory:' });
await database.migrate();
const app = await buildApp(config, { database });
await app.ready();
const health = await timeRequests(app, '/api/health');
const ready = await timeRequests(app, '/api/ready');
console.log(`GET /api/health  ${health.toFixed(3)} ms/request (${Math.round(1000 / health)} req/s, in-process)`);
console.log(`GET /api/ready   ${ready.toFixed(3)} ms/request (${Math.round(1000 / ready)} req/s, in-process)`);
console.log(`ratio ready/health: ${(ready / health).toFixed(2)}x (the cost of one PGlite round trip)`);
await app.close();
await database.close();

try {
  const kb = dirSize('apps/web/dist/assets') / 1024;
  console.log(`web app assets: ${kb.toFixed(0)} KiB (uncompressed)`);
} catch {
  console.log('web app assets: not built (npm run build)');
}
