// `npm run bench:promotions` (and a phase of `npm run bench`): promotions (docs/design.md §10). The simulator over
// 100,000 purchases of one business (target ≤ 2 s), and the CPU of a purchase with three active promotions (a
// multiplier, a second multiplier, a bonus: all applying) against one with none, in the same run (target ≤ +10 %).
// Prints the figures; asserts nothing.
//
// Environment: BENCH_PROMOTIONS_PURCHASES (default 100,000), BENCH_PROMOTIONS_WRITES (purchases per measured
// round, default 300), BENCH_PROMOTIONS_DATABASE_URL (PostgreSQL instead of embedded PGlite; a database of its own,
// never `test`).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from '../apps/api/node_modules/drizzle-orm/index.js';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { createDatabase } from '../apps/api/src/db/client';
import { members, pointsConversionSettings, promotions, tenants } from '../apps/api/src/db/schema';
import { simulatePromotion } from '../apps/api/src/modules/promotions/simulate';

const PURCHASES = Number(process.env.BENCH_PROMOTIONS_PURCHASES || 100_000);
const WRITES = Number(process.env.BENCH_PROMOTIONS_WRITES || 300);
const MEMBERS = 5_000;
const databaseUrl = process.env.BENCH_PROMOTIONS_DATABASE_URL;

const dir = mkdtempSync(join(tmpdir(), 'lp-bench-promotions-'));
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
const db = database.db;

const tenantId = randomUUID();
await db.insert(tenants).values({
  id: tenantId,
  businessName: 'Bench Promotions',
  industry: 'Retail',
  status: 'ACTIVE',
  timeZone: 'Asia/Hong_Kong',
});
await db.insert(pointsConversionSettings).values({
  tenantId,
  earnRateAmount: '1.00',
  earnRatePoints: 10,
  redeemRatePoints: 100,
  redeemRateAmount: '1.00',
  expiryType: 'NEVER',
  isActive: true,
});

let t = Date.now();
// The insights roll-up's trigger is off while seeding (as in bench/insights.ts): row by row it made 100,000
// purchases take minutes, and nothing here reads the roll-up.
await db.execute(sql`alter table points_ledger disable trigger points_ledger_insights`);
await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, lifetime_spend)
  select gen_random_uuid()::text, ${tenantId}, 'Bench', i::text, '+8529' || lpad(i::text, 7, '0'), 'P' || lpad(i::text, 7, '0'), 0
  from generate_series(1, ${MEMBERS}) as i`);
// Purchases spread over the last 90 days, $5 to $300, each earning its base points ($1 → 10).
await db.execute(sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
  select gen_random_uuid()::text, ${tenantId}, m.id, 'PURCHASE', ((5 + (i * 37) % 296) * 10), 5 + (i * 37) % 296,
         now() - make_interval(secs => (i::float8 / ${PURCHASES}) * 89 * 86400)
  from generate_series(1, ${PURCHASES}) as i
  join (select id, row_number() over (order by id) as n from members where tenant_id = ${tenantId}) m
    on m.n = 1 + i % ${MEMBERS}`);
await db.execute(sql`alter table points_ledger enable trigger points_ledger_insights`);
await db.execute(sql`analyze points_ledger`);
const seeded = (Date.now() - t) / 1000;

const draft = {
  name: 'Triple weekends over $50',
  nameZh: null,
  nameCn: null,
  kind: 'MULTIPLIER' as const,
  factor: 3,
  bonusPoints: null,
  minAmount: 50,
  days: ['SAT' as const, 'SUN' as const],
  fromTime: '10:00',
  toTime: '02:00',
  validFrom: null,
  validTo: null,
  tierIds: [],
  branchIds: [],
  perMemberLimit: 5,
  active: true,
};
// An active promotion to add to, as a business would have.
const promo = (name: string, kind: 'MULTIPLIER' | 'BONUS', factor: string | null, bonusPoints: number | null) => ({
  id: randomUUID(),
  tenantId,
  name,
  kind,
  factor,
  bonusPoints,
});
await db.insert(promotions).values(promo('Double points', 'MULTIPLIER', '2.0', null));

// The simulator, twice (the first warms the statement and the engine's caches).
await simulatePromotion(db, tenantId, { promotion: draft, promotionId: null, from: null, to: null });
t = Date.now();
const cpuBefore = process.cpuUsage();
const simulated = await simulatePromotion(db, tenantId, { promotion: draft, promotionId: null, from: null, to: null });
const simulateS = (Date.now() - t) / 1000;
// This process's CPU: on PGlite the SQL's too, on PostgreSQL the API's side alone.
const simulateCpu = process.cpuUsage(cpuBefore);
const simulateCpuS = (simulateCpu.user + simulateCpu.system) / 1e6;
console.log(`  (seeded in ${seeded.toFixed(1)} s; simulator ${simulateS.toFixed(2)} s)`);

// Purchases through the ledger (the route's own command), with no promotion and with three that all apply.
const [member] = await db.select({ id: members.id }).from(members).where(eq(members.tenantId, tenantId)).limit(1);
const memberId = member?.id;
if (!memberId) throw new Error('no member');
const purchaseRound = async (n: number) => {
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    await app.ledger.run(db, {
      type: 'purchase',
      tenantId,
      memberId,
      accountId: null,
      recordedBy: null,
      amount: 12.5,
    });
  }
  const cpu = process.cpuUsage(before);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / n, wallMs: (performance.now() - started) / n };
};
const setPromotions = async (on: boolean) => {
  await db.execute(sql`delete from promotions where tenant_id = ${tenantId}`);
  if (on) {
    await db
      .insert(promotions)
      .values([
        promo('Double points', 'MULTIPLIER', '2.0', null),
        promo('One and a half', 'MULTIPLIER', '1.5', null),
        promo('Ten bonus points', 'BONUS', null, 10),
      ]);
  }
};
await setPromotions(false);
await purchaseRound(50); // warm-up
const none: number[] = [];
const three: number[] = [];
// Alternating rounds, so a busy moment of the machine weighs on both alike.
for (let round = 0; round < 3; round++) {
  await setPromotions(false);
  none.push((await purchaseRound(WRITES)).cpuMs);
  await setPromotions(true);
  three.push((await purchaseRound(WRITES)).cpuMs);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const noneMs = median(none);
const threeMs = median(three);
const extraPct = ((threeMs - noneMs) / noneMs) * 100;

console.log(
  `promotions on ${database.engine} (seeded ${PURCHASES.toLocaleString('en')} purchases in ${seeded.toFixed(1)} s, load average ${loadavg()[0]?.toFixed(1)})`,
);
console.log(
  `  simulator over ${simulated.totalPurchases.toLocaleString('en')} purchases: ${simulateS.toFixed(2)} s (CPU of this process ${simulateCpuS.toFixed(2)} s; ${simulated.purchases.toLocaleString('en')} touched, +${simulated.extraPoints.toLocaleString('en')} points)  (target ≤ 2 s: ${simulateS <= 2 ? 'met' : 'NOT met'})`,
);
console.log(
  `  a purchase's CPU: ${noneMs.toFixed(2)} ms with no promotion, ${threeMs.toFixed(2)} ms with three active (rounds ${none.map((x) => x.toFixed(2)).join('/')} vs ${three.map((x) => x.toFixed(2)).join('/')}): ${extraPct >= 0 ? '+' : ''}${extraPct.toFixed(1)} %  (target ≤ +10 %: ${extraPct <= 10 ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
