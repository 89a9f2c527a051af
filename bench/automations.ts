// `npm run bench:automations`: a day's automations of one business with 100,000 members (docs/design.md §10 target:
// ≤ 60 s), on the day they were turned on, the heaviest day: BIRTHDAY (about 1 in 365 members) and WIN_BACK (no visit
// for 42 days), each with bonus points and a message to the half of the members who consent. Each member has one
// purchase, spread over the last 120 days, so about two in three have lapsed: every one of them fires, in batches of
// 1,000 (their firings, BONUS entries, lots, the day's message and its targets, webhooks and card updates). Then the
// next day's run, the usual one. Prints the figures; asserts nothing.
//
// Environment: BENCH_AUTOMATIONS_MEMBERS (default 100,000), BENCH_AUTOMATIONS_DATABASE_URL (PostgreSQL instead of
// embedded PGlite; a database of its own, never `test`).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../apps/api/node_modules/drizzle-orm/index.js';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { automations, tenants } from '../apps/api/src/db/schema';
import { runDailyAutomations } from '../apps/api/src/modules/automations/daily';

const MEMBERS = Number(process.env.BENCH_AUTOMATIONS_MEMBERS || 100_000);
const TARGET_S = 60;
const databaseUrl = process.env.BENCH_AUTOMATIONS_DATABASE_URL;

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-automations-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  SCHEDULED_WORK: 'false',
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
await db
  .insert(tenants)
  .values({ id: tenantId, businessName: 'Bench Automations', industry: 'Retail', status: 'ACTIVE' });
let t = Date.now();
// The insights roll-up's triggers are off while seeding (as in bench/insights.ts): nothing here reads it, and the
// seed is not what is measured. The run's own writes go through them as in production.
await db.execute(sql`alter table members disable trigger members_insights`);
await db.execute(sql`alter table points_ledger disable trigger points_ledger_insights`);
await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, birthday,
    marketing_opt_in, created_at)
  select gen_random_uuid()::text, ${tenantId}, 'Bench', i::text, '+8529' || lpad(i::text, 7, '0'), 'A' || lpad(i::text, 7, '0'),
         to_char(date '2001-01-01' + (i % 365), '--MM-DD'), i % 2 = 0, now() - interval '200 days'
  from generate_series(1, ${MEMBERS}) as i`);
await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
  select gen_random_uuid()::text, ${tenantId}, id, 'PURCHASE', 0, 10,
         now() - (substr(membership_code, 2)::int % 120) * interval '1 day' - interval '1 hour'
  from members where tenant_id = ${tenantId}`);
await db.execute(sql`alter table members enable trigger members_insights`);
await db.execute(sql`alter table points_ledger enable trigger points_ledger_insights`);
await db.execute(sql`analyze members`);
await db.execute(sql`analyze points_ledger`);
const seeded = (Date.now() - t) / 1000;

const automation = (kind: 'BIRTHDAY' | 'WIN_BACK', days: number) => ({
  id: randomUUID(),
  tenantId,
  kind,
  active: true,
  text: kind === 'BIRTHDAY' ? 'Happy birthday! A treat is waiting.' : 'We miss you: 50 points to come back.',
  bonusPoints: kind === 'BIRTHDAY' ? 100 : 50,
  days,
});
await db.insert(automations).values([automation('BIRTHDAY', 0), automation('WIN_BACK', 42)]);

console.log(`  (seeded in ${((Date.now() - t) / 1000).toFixed(1)} s)`);
const deps = app.automations.fireDeps();
const now = new Date();
t = Date.now();
let cpu = process.cpuUsage();
const first = await runDailyAutomations(db, deps, now, [tenantId]);
const firstS = (Date.now() - t) / 1000;
const cpuS = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1e6;
const firstCpu = cpuS(process.cpuUsage(cpu));
t = Date.now();
cpu = process.cpuUsage();
const next = await runDailyAutomations(db, deps, new Date(now.getTime() + 86_400_000), [tenantId]);
const nextS = (Date.now() - t) / 1000;
const nextCpu = cpuS(process.cpuUsage(cpu));

console.log(
  `automations on ${database.engine}, ${MEMBERS.toLocaleString('en')} members (seeded in ${seeded.toFixed(1)} s, load average ${loadavg()[0]?.toFixed(1)})`,
);
console.log(
  `  the day they were turned on: ${firstS.toFixed(1)} s (CPU ${firstCpu.toFixed(1)} s), ${first[tenantId] ?? 0} members fired  (target ≤ ${TARGET_S} s: ${firstS <= TARGET_S ? 'met' : 'NOT met'})`,
);
console.log(
  `  the next day: ${nextS.toFixed(1)} s (CPU ${nextCpu.toFixed(1)} s), ${next[tenantId] ?? 0} members fired  (target ≤ ${TARGET_S} s: ${nextS <= TARGET_S ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
