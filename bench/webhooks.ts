// `npm run bench:webhooks`: one instance's webhook deliveries to a receiver on 127.0.0.1. Purchases are
// recorded at a steady rate (each enqueues its points.earned delivery in its own transaction); the receiver
// notes when each arrives. Prints deliveries per second and the time from the purchase's commit to its
// arrival (p50 / p95 / max) against DESIGN §8's targets: ≥ 200 per second, p95 ≤ 1 s. Asserts nothing.
//
// Environment: BENCH_WEBHOOK_RATE (purchases per second, default 250), BENCH_SECONDS (default 10),
// BENCH_WEBHOOK_DATABASE_URL (PostgreSQL instead of the embedded PGlite; never the `test` database).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { members, tenants, webhookEndpoints } from '../apps/api/src/db/schema';
import { recordTransaction } from '../apps/api/src/modules/members/service';
import { newWebhookSecret } from '../apps/api/src/modules/webhooks/delivery-job';
import { startReceiver } from '../apps/api/src/modules/webhooks/receiver-stand-in';

const RATE = Number(process.env.BENCH_WEBHOOK_RATE || 250);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const databaseUrl = process.env.BENCH_WEBHOOK_DATABASE_URL;
const MEMBERS = 200;

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

const committed = new Map<string, number>();
const arrived: number[] = [];
const receiver = await startReceiver();
const tenantId = randomUUID();
await db.insert(tenants).values({ id: tenantId, businessName: 'Bench Hooks', industry: 'Retail', status: 'ACTIVE' });
await db.insert(webhookEndpoints).values({
  id: randomUUID(),
  tenantId,
  url: receiver.url,
  events: ['points.earned'],
  secret: newWebhookSecret(),
});
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

const total = RATE * SECONDS;
let sent = 0;
const started = Date.now();
const inFlight: Promise<void>[] = [];
// Purchases at a steady rate, a tick every 20 ms; each one's commit time is noted against its entry id.
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE));
    for (; sent < due; sent++) {
      const memberId = memberIds[sent % MEMBERS] as string;
      inFlight.push(
        recordTransaction(db, tenantId, memberId, null, { type: 'PURCHASE', amount: 1 }, undefined).then((r) => {
          committed.set(r.entry.id, Date.now());
        }),
      );
    }
    if (sent >= total) {
      clearInterval(timer);
      resolve();
    }
  }, 20);
});
await Promise.all(inFlight);
const recordedIn = (Date.now() - started) / 1000;

const deadline = Date.now() + 60_000;
while (receiver.received.length < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const finished = Math.max(...receiver.received.map((r) => r.at));
for (const got of receiver.received) {
  const entryId = (JSON.parse(got.body) as { data: { entryId: string } }).data.entryId;
  const at = committed.get(entryId);
  if (at !== undefined) arrived.push(got.at - at);
}
arrived.sort((a, b) => a - b);
const pct = (p: number) => arrived[Math.min(arrived.length - 1, Math.floor((p / 100) * arrived.length))] ?? NaN;
const perSecond = receiver.received.length / ((finished - started) / 1000);
const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));

console.log(`webhooks on ${database.engine}: ${total} purchases at ${RATE}/s (recorded in ${recordedIn.toFixed(1)} s)`);
console.log(
  `  delivered ${receiver.received.length} (${ids.size} distinct ids) in ${((finished - started) / 1000).toFixed(1)} s`,
);
console.log(`  deliveries/s ${perSecond.toFixed(0)}  (target ≥ 200: ${perSecond >= 200 ? 'met' : 'NOT met'})`);
console.log(
  `  change → delivery p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${arrived.at(-1)} ms  (target p95 ≤ 1000 ms: ${pct(95) <= 1000 ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
await receiver.close();
rmSync(dir, { recursive: true, force: true });
