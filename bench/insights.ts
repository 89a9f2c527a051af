// `npm run bench:insights`: the dashboard's figures over time (docs/design.md §10 "Insights", target: a year by day
// at 100,000 members and 1,000,000 entries ≤ 1 s). One business's members joined over the past year and its
// entries (nine purchases to one redemption, a reversal per hundred purchases) are spread over the same year, written
// by SQL (generate_series) in batches with the roll-up's triggers off, then the roll-up is built from them by the
// rebuild a change of time zone queues (timed: it is that job's run). Then the timeseries by day, week and month and
// the liability are timed through the report's own functions (the median of five). Prints the figures; asserts
// nothing.
//
// Environment: BENCH_INSIGHTS_MEMBERS (default 100,000), BENCH_INSIGHTS_ENTRIES (default 1,000,000),
// BENCH_INSIGHTS_DATABASE_URL (PostgreSQL instead of embedded PGlite; a database of its own, never `test`: the
// business is removed afterwards).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../apps/api/node_modules/drizzle-orm/index.js';
import { createDatabase } from '../apps/api/src/db/client';
import { tenants } from '../apps/api/src/db/schema';
import { liability, timeseries } from '../apps/api/src/modules/insights/repository';

const MEMBERS = Number(process.env.BENCH_INSIGHTS_MEMBERS || 100_000);
const ENTRIES = Number(process.env.BENCH_INSIGHTS_ENTRIES || 1_000_000);
const BATCH = 100_000;
const TARGET_S = 1;
const databaseUrl = process.env.BENCH_INSIGHTS_DATABASE_URL;

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-insights-'));
const database = createDatabase({ databaseUrl, dataDir: dir });
await database.migrate();
const db = database.db;

const tenantId = randomUUID();
await db.insert(tenants).values({
  id: tenantId,
  businessName: 'Bench Insights',
  industry: 'Retail',
  status: 'ACTIVE',
  timeZone: 'Asia/Hong_Kong',
});
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const to = dayOf(new Date());
const fromDate = new Date(Date.now() - 364 * 86_400_000);
const from = dayOf(fromDate);

let t = Date.now();
await db.execute(sql`alter table members disable trigger members_insights`);
await db.execute(sql`alter table points_ledger disable trigger points_ledger_insights`);
await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, membership_code, points_balance, created_at)
  select ${tenantId} || '-m' || i, ${tenantId}, 'Bench', i::text, 'I' || lpad(i::text, 7, '0'), 0,
         now() - (i % 365) * interval '1 day' - (i % 86400) * interval '1 second'
  from generate_series(1, ${MEMBERS}::int) as i`);
for (let start = 1; start <= ENTRIES; start += BATCH) {
  const end = Math.min(ENTRIES, start + BATCH - 1);
  // Entry i: member i·7919 mod N (every member, scattered), at its share of the year; one in ten a redemption.
  await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
    select ${tenantId} || '-e' || i, ${tenantId}, ${tenantId} || '-m' || (1 + (i::bigint * 7919) % ${MEMBERS}::int),
           case when i % 10 = 0 then 'REDEEM' else 'PURCHASE' end,
           case when i % 10 = 0 then -100 else 50 end,
           case when i % 10 = 0 then 1 else 5 end,
           now() - interval '365 days' + (i::float8 / ${ENTRIES}::int) * interval '365 days'
    from generate_series(${start}::int, ${end}::int) as i`);
}
// A reversal of one purchase in a hundred, a second after it: its visit undone.
await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, reverses_id, created_at)
  select id || '-r', tenant_id, member_id, 'REVERSAL', -points, amount, id, created_at + interval '1 second'
  from points_ledger where tenant_id = ${tenantId} and type = 'PURCHASE' and right(id, 2) = '01'`);
await db.execute(sql`alter table members enable trigger members_insights`);
await db.execute(sql`alter table points_ledger enable trigger points_ledger_insights`);
const seededS = (Date.now() - t) / 1000;
t = Date.now();
await db.transaction((tx) => tx.execute(sql`select insights_rebuild(${tenantId})`));
const rebuildS = (Date.now() - t) / 1000;
await db.execute(sql`analyze insights_daily`);
await db.execute(sql`analyze insights_active`);
await db.execute(sql`analyze insights_visits`);
await db.execute(sql`analyze points_lots`);
await db.execute(sql`analyze members`);

async function median(run: () => Promise<unknown>, times = 5) {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const s = performance.now();
    await run();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  return (ms[Math.floor(ms.length / 2)] ?? 0) / 1000;
}

const engine = database.engine;
const [visits] = (await db
  .execute(sql`select count(*)::int as n from insights_visits where tenant_id = ${tenantId}`)
  .then((r: unknown) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { n: number }[];
console.log(
  `insights on ${engine}: ${MEMBERS.toLocaleString('en')} members, ${ENTRIES.toLocaleString('en')} entries over a year (seeded in ${seededS.toFixed(1)} s; the roll-up rebuilt from them, as after a change of time zone, in ${rebuildS.toFixed(1)} s; ${Number(visits?.n).toLocaleString('en')} member-days of visits; load average ${loadavg()[0]?.toFixed(1)})`,
);
const byDay = await median(() => timeseries(db, tenantId, { from, to, interval: 'day', today: to }));
const year = await timeseries(db, tenantId, { from, to, interval: 'day', today: to });
const sum = year.reduce((n, b) => n + b.purchases, 0);
console.log(
  `  a year by day (365 buckets, ${sum.toLocaleString('en')} purchases, active and returning members): ${byDay.toFixed(3)} s  (target ≤ ${TARGET_S} s: ${byDay <= TARGET_S ? 'met' : 'NOT met'})`,
);
const byWeek = await median(() => timeseries(db, tenantId, { from, to, interval: 'week', today: to }));
console.log(`  a year by week: ${byWeek.toFixed(3)} s`);
const byMonth = await median(() => timeseries(db, tenantId, { from, to, interval: 'month', today: to }));
console.log(`  a year by month: ${byMonth.toFixed(3)} s`);
const owed = await median(() => liability(db, tenantId, undefined));
console.log(`  the liability: ${owed.toFixed(3)} s`);

if (databaseUrl) {
  await db.execute(sql`delete from points_ledger where tenant_id = ${tenantId}`);
  await db.execute(sql`delete from insights_daily where tenant_id = ${tenantId}`);
  await db.execute(sql`delete from insights_visits where tenant_id = ${tenantId}`);
  await db.execute(sql`delete from insights_active where tenant_id = ${tenantId}`);
  await db.execute(sql`delete from members where tenant_id = ${tenantId}`);
  await db.execute(sql`delete from tenants where id = ${tenantId}`);
}
await database.close();
rmSync(dir, { recursive: true, force: true });
