// Bulk data for the benchmark, written straight into the real schema (migrations first) with set-based SQL
// (generate_series), so a million members load in minutes. Deterministic ids: md5 of a label, read as a uuid.
//
//   node --import tsx bench/seed.ts pg <database url>                   1,000 tenants, 1,000,000 members
//   node --import tsx bench/seed.ts saas <database url>                 1,000 tenants of 1,000 beside one of 100,000
//   node --import tsx bench/seed.ts pglite <data dir> <tenantId> <n>     n members for one existing tenant
import { createDatabase } from '../apps/api/src/db/client';

export const PG_TENANTS = 1000;
export const PG_MEMBERS = 1_000_000;
export const BIG_TENANT_MEMBERS = 100_000;
/** The SaaS shape (issue 25, bench/saas.mjs): tenant 1 of 100,000 members, tenants 2…1,001 of 1,000 each. */
export const SAAS_TENANTS = 1000;
export const SAAS_TENANT_MEMBERS = 1000;

type Plan = { tenant_id: string; n: number; base: number }[];

/** The main data set: 1,000 tenants, 1,000,000 members; tenant 1 has 100,000, the other 999 share the rest. */
function mainPlan(): Plan {
  const plan: Plan = [];
  const rest = PG_MEMBERS - BIG_TENANT_MEMBERS;
  const others = PG_TENANTS - 1;
  let base = 0;
  for (let i = 1; i <= PG_TENANTS; i++) {
    const n = i === 1 ? BIG_TENANT_MEMBERS : Math.floor(rest / others) + (i - 2 < rest % others ? 1 : 0);
    plan.push({ tenant_id: `bench-tenant-${i}`, n, base });
    base += n;
  }
  return plan;
}

function saasPlan(): Plan {
  const plan: Plan = [{ tenant_id: 'bench-tenant-1', n: BIG_TENANT_MEMBERS, base: 0 }];
  for (let i = 2; i <= SAAS_TENANTS + 1; i++)
    plan.push({
      tenant_id: `bench-tenant-${i}`,
      n: SAAS_TENANT_MEMBERS,
      base: BIG_TENANT_MEMBERS + (i - 2) * SAAS_TENANT_MEMBERS,
    });
  return plan;
}

/** The big tenant of the PostgreSQL data set (tenant 1). */
export const bigTenantSql = `md5('bench-tenant-1')::uuid::text`;

const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mason',
  'Amelia',
  'Ethan',
  'Harper',
  'Logan',
  'Evelyn',
  'Aiden',
  'Abigail',
  'Jacob',
  'Wing',
  'Ka Ming',
  'Siu Fong',
  'Chi Keung',
  'Mei Ling',
  'Hiu Tung',
  'Ho Yin',
  'Wai Man',
  'Yuki',
  'Haruto',
  'Priya',
  'Arjun',
  'Fatima',
  'Omar',
  'Chloe',
  'Leo',
  'Grace',
  'Henry',
  'Zoe',
  'Samuel',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Chan',
  'Wong',
  'Lee',
  'Cheung',
  'Lau',
  'Ng',
  'Ho',
  'Leung',
  'Tang',
  'Lam',
  'Tanaka',
  'Sato',
  'Patel',
  'Singh',
  'Khan',
  'Nguyen',
  'Tran',
  'Kim',
  'Park',
  'Taylor',
  'Anderson',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Members, purchases, some redemptions and a lot per purchase for every tenant of a plan: a JSON list of
 * {tenant_id, n, base} (base keeps the global number of each member unique for e-mail and phone).
 * Balances equal the ledger; one lot in ten is past its expiry and not yet written off, as in real use.
 */
export function memberStatements(planJson: string): string[] {
  const plan = `(select case when x.tenant_id like 'bench-tenant-%' then md5(x.tenant_id)::uuid::text else x.tenant_id end
    as tenant_id, x.n, x.base from json_to_recordset('${planJson}'::json) as x(tenant_id text, n int, base int)) p`;
  const g = '(p.base + s)';
  const spend = `((${g}::bigint * 7919) % 600000) / 100.0`;
  return [
    `insert into membership_tiers (id, tenant_id, name, color, min_spend_amount, max_spend_amount,
       discount_percentage, benefits, sort_order, is_active)
     select md5(p.tenant_id || '-tier-' || k)::uuid::text, p.tenant_id,
       (array['Bronze','Silver','Gold','Platinum'])[k], (array['#cd7f32','#c0c0c0','#ffd700','#e5e4e2'])[k],
       (array[0,500,2000,5000])[k], (array[500,2000,5000,null])[k], (array[0,5,10,15])[k],
       '["Free coffee on your birthday","Priority booking","Members-only events"]'::jsonb, k, true
     from ${plan} cross join generate_series(1, 4) k
     on conflict do nothing`,
    `insert into members (id, tenant_id, first_name, last_name, email, phone, membership_code, tier_id,
       lifetime_spend, points_balance, status, created_at, updated_at)
     select md5('bench-member-' || ${g})::uuid::text, p.tenant_id, f, l,
       lower(replace(f, ' ', '')) || '.' || lower(l) || ${g} || '@example.test',
       '+1555' || lpad(${g}::text, 7, '0'), 'M' || lpad(s::text, 6, '0'),
       md5(p.tenant_id || '-tier-' || (case when sp < 500 then 1 when sp < 2000 then 2 when sp < 5000 then 3 else 4 end))::uuid::text,
       sp, floor(sp)::int - (case when ${g} % 3 = 0 then floor(sp)::int / 4 else 0 end),
       case when ${g} % 20 = 0 then 'inactive' else 'active' end,
       now() - interval '730 days' + (s * interval '730 days') / greatest(p.n, 1), now()
     from ${plan} cross join lateral generate_series(1, p.n) s
     cross join lateral (select ${spend} as sp, (${arr(FIRST)})[1 + ${g} % ${FIRST.length}] as f,
       (${arr(LAST)})[1 + (${g} / ${FIRST.length}) % ${LAST.length}] as l) v`,
    `insert into member_code_counters (tenant_id, last_value) select p.tenant_id, p.n from ${plan}
     on conflict (tenant_id) do update set last_value = excluded.last_value`,
    `insert into points_ledger (id, tenant_id, member_id, type, points, amount, reason, created_at)
     select md5('bench-purchase-' || ${g})::uuid::text, p.tenant_id, md5('bench-member-' || ${g})::uuid::text,
       'PURCHASE', floor(${spend})::int, ${spend}, null,
       now() - interval '729 days' + (s * interval '730 days') / greatest(p.n, 1)
     from ${plan} cross join lateral generate_series(1, p.n) s`,
    `insert into points_ledger (id, tenant_id, member_id, type, points, amount, reason, created_at)
     select md5('bench-redeem-' || ${g})::uuid::text, p.tenant_id, md5('bench-member-' || ${g})::uuid::text,
       'REDEEM', -(floor(${spend})::int / 4), (floor(${spend})::int / 4) / 100.0, null,
       now() - interval '728 days' + (s * interval '730 days') / greatest(p.n, 1)
     from ${plan} cross join lateral generate_series(1, p.n) s where ${g} % 3 = 0`,
    `insert into points_lots (id, tenant_id, member_id, ledger_id, points, remaining, expires_at, created_at)
     select md5('bench-lot-' || ${g})::uuid::text, p.tenant_id, md5('bench-member-' || ${g})::uuid::text,
       md5('bench-purchase-' || ${g})::uuid::text, floor(${spend})::int,
       floor(${spend})::int - (case when ${g} % 3 = 0 then floor(${spend})::int / 4 else 0 end),
       case when ${g} % 10 = 0 then now() - interval '1 day' when ${g} % 10 < 6 then now() + interval '1 year' end,
       now() - interval '729 days' + (s * interval '730 days') / greatest(p.n, 1)
     from ${plan} cross join lateral generate_series(1, p.n) s`,
  ];
}

type Exec = (text: string) => Promise<unknown>;

async function timed(label: string, exec: Exec, text: string) {
  const start = Date.now();
  await exec(text);
  console.log(`  ${label} ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

/** A plan's tenants and members (mainPlan by default) into an empty database at url. */
export async function seedPostgres(url: string, plan: Plan = mainPlan()) {
  const database = createDatabase({ databaseUrl: url, dataDir: ':memory:' });
  const exec: Exec = (text) => database.db.execute(text);
  const started = Date.now();
  const total = plan.reduce((sum, p) => sum + p.n, 0);
  try {
    await database.migrate();
    // One transaction on one connection. Consistent by construction, so foreign-key triggers are skipped
    // while loading when the role may (superuser); otherwise they run, only slower.
    await database.db.transaction(async (tx) => {
      const run: Exec = (text) => tx.execute(text);
      await run('savepoint fk');
      await run('set local session_replication_role = replica').catch(async () => {
        await run('rollback to savepoint fk');
        console.log('  (not a superuser: foreign keys checked while loading)');
      });
      await timed(
        `${plan.length} tenants`,
        run,
        `insert into tenants (id, business_name, industry, status, created_at)
         select md5('bench-tenant-' || i)::uuid::text, 'Bench Business ' || i, 'Retail & E-commerce', 'ACTIVE',
           now() - interval '3 years' from generate_series(1, ${plan.length}) i`,
      );
      const names = ['tiers', 'members', 'code counters', 'purchases', 'redemptions', 'lots'];
      for (const [k, text] of memberStatements(JSON.stringify(plan)).entries())
        await timed(names[k] ?? 'step', run, text);
    });
    // Replica mode skips every trigger, the member counters' too: count once, as migration 0002 does.
    await timed(
      'member counts',
      exec,
      `insert into member_counts (tenant_id, total) select tenant_id, count(*) from members group by tenant_id
       on conflict (tenant_id) do update set total = excluded.total`,
    );
    await timed('vacuum analyze', exec, 'vacuum analyze');
    console.log(`  seeded ${total.toLocaleString('en')} members in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

/** n members with ledgers for one tenant of a PGlite data folder (the server must be stopped). */
export async function seedPglite(dataDir: string, tenantId: string, n: number) {
  const database = createDatabase({ dataDir });
  const exec: Exec = (text) => database.db.execute(text);
  try {
    await database.migrate();
    const plan = JSON.stringify([{ tenant_id: tenantId, n, base: 5_000_000 }]);
    for (const text of memberStatements(plan)) await exec(text);
    await exec('vacuum analyze');
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, target, tenantId, n] = process.argv.slice(2);
  if (mode === 'pg' && target) await seedPostgres(target);
  else if (mode === 'saas' && target) await seedPostgres(target, saasPlan());
  else if (mode === 'pglite' && target && tenantId && n) await seedPglite(target, tenantId, Number(n));
  else {
    console.error('usage: seed.ts pg <url> | seed.ts pglite <dataDir> <tenantId> <n>');
    process.exit(2);
  }
}
