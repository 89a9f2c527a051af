// `npm run bench:webhooks`: one instance's webhook deliveries to a local receiver (docs/design.md §8 target: ≥ 200
// deliveries per second, p95 from the change to its delivery ≤ 1 s at that rate). Purchases are recorded
// through the loyalty engine at a steady rate (at most 16 at once); each enqueues, in its own transaction, a
// points.earned delivery to every endpoint of the tenant (BENCH_WEBHOOK_ENDPOINTS, default 4, as a shop, a CRM,
// an analytics tool and a till might each listen). The receiver runs in a worker thread, so the time it
// notes is not held up by the server. Prints the figures; asserts nothing.
//
// Environment: BENCH_WEBHOOK_RATE (purchases per second, default 60), BENCH_WEBHOOK_ENDPOINTS (default 4),
// BENCH_SECONDS (default 10), BENCH_WEBHOOK_DATABASE_URL (PostgreSQL instead of embedded PGlite; never `test`).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { members, tenants, webhookEndpoints } from '../apps/api/src/db/schema';
import { newWebhookSecret } from '../apps/api/src/modules/webhooks/delivery-job';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE || 60);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS || 4);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const IN_FLIGHT = 16;
const databaseUrl = process.env.BENCH_WEBHOOK_DATABASE_URL;
const MEMBERS = 200;

type Arrival = { entryId: string; id: string; path: string; at: number };
const arrivals: Arrival[] = [];
const receiver = new Worker(new URL('./lib/webhook-receiver.mjs', import.meta.url));
const port = await new Promise<number>((resolve) => {
  receiver.on('message', (m: { port?: number; arrivals?: Arrival[] }) => {
    if (m.port) resolve(m.port);
    if (m.arrivals) arrivals.push(...m.arrivals);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-webhooks-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  WEBHOOK_ALLOW_PRIVATE: 'true',
  JOB_QUEUE_SCHEMA: `pgboss_b${randomBytes(4).toString('hex')}`,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
const database = createDatabase({ databaseUrl, dataDir: dir });
await database.migrate();
const app = await buildApp(config, { database });
await app.ready();
await app.jobs.start();
const db = database.db;

const tenantId = randomUUID();
await db.insert(tenants).values({ id: tenantId, businessName: 'Bench Hooks', industry: 'Retail', status: 'ACTIVE' });
await db.insert(webhookEndpoints).values(
  Array.from({ length: ENDPOINTS }, (_, i) => ({
    id: randomUUID(),
    tenantId,
    url: `http://127.0.0.1:${port}/hook-${i}`,
    events: ['points.earned' as const],
    secret: newWebhookSecret(),
  })),
);
const memberIds = Array.from({ length: MEMBERS }, () => randomUUID());
await db.insert(members).values(
  memberIds.map((id, i) => ({
    id,
    tenantId,
    firstName: 'Bench',
    lastName: String(i),
    phone: `+8529${String(i).padStart(7, '0')}`,
    membershipCode: `B${String(i).padStart(7, '0')}`,
  })),
);

const committed = new Map<string, number>();
const total = RATE * SECONDS;
let started = 0;
let running = 0;
const t0 = Date.now();
// A tick every 10 ms starts the purchases due by now, never more than IN_FLIGHT at once (a busy database
// makes the rate fall behind rather than queue without bound); each one's commit time is noted.
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((Date.now() - t0) / 1000) * RATE));
    while (started < due && running < IN_FLIGHT) {
      const memberId = memberIds[started % MEMBERS] as string;
      started++;
      running++;
      const purchase = { type: 'purchase', tenantId, memberId, accountId: null, recordedBy: null, amount: 1 } as const;
      app.ledger.run(db, purchase).then(({ result }) => {
        committed.set(result.entry.id, Date.now());
        running--;
      });
    }
    if (started >= total && running === 0) {
      clearInterval(timer);
      resolve();
    }
  }, 10);
});
const recordedIn = (Date.now() - t0) / 1000;
const expected = total * ENDPOINTS;
const deadline = Date.now() + 120_000;
while (arrivals.length < expected && Date.now() < deadline) {
  receiver.postMessage('flush');
  await new Promise((r) => setTimeout(r, 100));
}

const latencies = arrivals
  .map((a) => a.at - (committed.get(a.entryId) ?? Number.NaN))
  .filter((ms) => !Number.isNaN(ms))
  .sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const last = Math.max(...arrivals.map((a) => a.at));
const perSecond = arrivals.length / ((last - t0) / 1000);
const distinct = new Set(arrivals.map((a) => `${a.path} ${a.id}`)).size;

console.log(
  `webhooks on ${database.engine}, ${ENDPOINTS} endpoints: ${total} purchases asked at ${RATE}/s, recorded at ${(total / recordedIn).toFixed(0)}/s (load average ${loadavg()[0]?.toFixed(1)})`,
);
console.log(`  delivered ${arrivals.length} of ${expected} (${distinct} distinct endpoint × webhook-id)`);
console.log(`  deliveries/s ${perSecond.toFixed(0)}  (target ≥ 200: ${perSecond >= 200 ? 'met' : 'NOT met'})`);
console.log(
  `  change → delivery p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${latencies.at(-1)} ms  (target p95 ≤ 1000 ms: ${pct(95) <= 1000 ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
await receiver.terminate();
rmSync(dir, { recursive: true, force: true });
