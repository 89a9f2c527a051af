// `npm run bench:tiers`: the daily tier review of one business with 100,000 members (docs/design.md §9 target: ≤ 60 s),
// beside its bare part: the one read the review cannot do without (every member with the spend its window
// counts). Each member has a purchase 13 months ago and half of them one two months ago, under a rolling
// 12-month policy that moves members to the tier their window's spend gives: about two in three members move,
// each in its batch's transaction with its tier.changed change (webhooks, the system's audit event, the card).
// Also times the preview the policy editor asks for. Prints the figures; asserts nothing.
//
// Environment: BENCH_TIERS_MEMBERS (default 100,000), BENCH_TIERS_DATABASE_URL (PostgreSQL instead of embedded
// PGlite; a database of its own, never `test`).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from '../apps/api/node_modules/drizzle-orm/index.js';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { membershipTiers, tenants } from '../apps/api/src/db/schema';
import { windowAt } from '../apps/api/src/modules/points/tier-policy';
import { candidates, savePolicy } from '../apps/api/src/modules/tier-review/repository';
import { previewReview, runReview } from '../apps/api/src/modules/tier-review/review';

const MEMBERS = Number(process.env.BENCH_TIERS_MEMBERS || 100_000);
const TARGET_S = 60;
const databaseUrl = process.env.BENCH_TIERS_DATABASE_URL;

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-tiers-'));
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
await db.insert(tenants).values({ id: tenantId, businessName: 'Bench Tiers', industry: 'Retail', status: 'ACTIVE' });
const tier = (name: string, min: string, max: string | null, sortOrder: number) => ({
  id: randomUUID(),
  tenantId,
  name,
  color: '#888888',
  minSpendAmount: min,
  maxSpendAmount: max,
  sortOrder,
});
const [basic, silver, gold] = [
  tier('Basic', '0', '500', 0),
  tier('Silver', '500', '2000', 1),
  tier('Gold', '2000', null, 2),
];
await db.insert(membershipTiers).values([basic, silver, gold]);

let t = Date.now();
// Everyone Gold from a purchase of 2,500 13 months ago; every second member also bought 0, 600, 1,200, 1,800 or
// 2,400 two months ago (Basic, Silver, Silver, Silver or Gold by the window).
await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, tier_id, lifetime_spend)
  select gen_random_uuid()::text, ${tenantId}, 'Bench', i::text, '+8529' || lpad(i::text, 7, '0'), 'T' || lpad(i::text, 7, '0'),
         ${gold.id}, 2500 + case when i % 2 = 0 then (i / 2 % 5) * 600 else 0 end
  from generate_series(1, ${MEMBERS}) as i`);
await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
  select gen_random_uuid()::text, ${tenantId}, id, 'PURCHASE', 0, 2500, now() - interval '13 months'
  from members where tenant_id = ${tenantId}`);
await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
  select gen_random_uuid()::text, ${tenantId}, id, 'PURCHASE', 0, (substr(membership_code, 2)::int / 2 % 5) * 600,
         now() - interval '2 months'
  from members where tenant_id = ${tenantId} and substr(membership_code, 2)::int % 2 = 0`);
await db.execute(sql`analyze members`);
await db.execute(sql`analyze points_ledger`);
const seeded = (Date.now() - t) / 1000;

const policy = await savePolicy(db, tenantId, {
  basis: 'ROLLING_MONTHS',
  months: 12,
  downgrade: 'TO_QUALIFYING',
  graceDays: 0,
});
const now = new Date();

t = Date.now();
const window = await windowAt(db, tenantId, policy.basis, policy.months, now);
const read = await candidates(db, tenantId, window);
const bareS = (Date.now() - t) / 1000;

t = Date.now();
const preview = await previewReview(db, tenantId, policy, now);
const previewS = (Date.now() - t) / 1000;

t = Date.now();
const moved = await runReview(db, app.changes, tenantId, policy, now);
const reviewS = (Date.now() - t) / 1000;

const engine = database.engine;
console.log(
  `tier review on ${engine}, ${MEMBERS.toLocaleString('en')} members (seeded in ${seeded.toFixed(1)} s, load average ${loadavg()[0]?.toFixed(1)})`,
);
console.log(`  bare: every member with its window's spend, one read: ${bareS.toFixed(2)} s (${read.length} rows)`);
console.log(
  `  preview (the policy editor's call): ${previewS.toFixed(2)} s (${preview.upgrades} up, ${preview.downgrades} down)`,
);
console.log(
  `  review: ${reviewS.toFixed(2)} s, ${moved.downgrades} moved down, ${moved.upgrades} up; ${(reviewS / bareS).toFixed(1)}× the bare read  (target ≤ ${TARGET_S} s: ${reviewS <= TARGET_S ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
