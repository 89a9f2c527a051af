// The SaaS shape of issue 25: 1,000 tenants of 1,000 members beside one of 100,000 (bench/seed.ts saas), and
// mixed traffic from many tenants at once: lists, search, member detail, dashboard, tiers, purchases and
// redemptions, each request as a team user of its tenant (their own token and X-Tenant-Id). It prints req/s,
// p50/p95 per kind of request and the list cache's hit ratio, read from the `Server-Timing: cache;desc=…`
// header the cached list routes send (lib/versioned-cache.ts).
//
//   BENCH_ONLY=saas npm run bench      this phase alone (seeds its database first when it is missing)
//   BENCH_ONLY=writes npm run bench    the write figures (bench/lib/writes.mjs) on this database's big tenant
//
// Its database: BENCH_SAAS_DATABASE_URL, default BENCH_DATABASE_URL's name with `_saas` (never `test`).
// BENCH_SAAS_STAFF: how many team users (each an owner of their own tenant, made the admin of every
// STAFF-th seeded tenant) send the traffic, default 40.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { repoRoot } from '../scripts/lib/emulator.mjs';
import { drain } from './lib/load.mjs';
import { activeOwner } from './lib/owner.mjs';
import { benchPort } from './lib/ports.mjs';
import { rssMiB, spawnTracked, startApi, waitForOk } from './lib/procs.mjs';
import { summariseProfile } from './lib/profile.mjs';
import { purchases } from './lib/writes.mjs';

export const SAAS_TENANTS = 1000;
export const SAAS_TENANT_MEMBERS = 1000;
export const BIG_MEMBERS = 100_000;
const STAFF = Number(process.env.BENCH_SAAS_STAFF || 40);

/** The seed's deterministic ids: md5 of a label read as a uuid, as PostgreSQL's md5(x)::uuid::text. */
const md5Uuid = (label) => {
  const h = createHash('md5').update(label).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

export function saasDatabaseUrl(pgUrl) {
  if (process.env.BENCH_SAAS_DATABASE_URL) return process.env.BENCH_SAAS_DATABASE_URL;
  const url = new URL(pgUrl);
  url.pathname = `${url.pathname.slice(1) || 'bench'}_saas`;
  return url.href;
}

function pgTool(url, tool, ...args) {
  const u = new URL(url);
  return spawnSync(
    tool,
    ['-h', u.hostname, '-p', u.port || '5432', ...(u.username ? ['-U', u.username] : []), ...args],
    {
      encoding: 'utf8',
      env: { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) },
    },
  );
}

/** Creates and seeds the SaaS database when it is not already complete. */
export async function ensureSaasDataSet(url) {
  const dbName = new URL(url).pathname.slice(1);
  if (!dbName || dbName === 'test') throw new Error(`refusing to use the database "${dbName}" for the benchmark`);
  const created = pgTool(url, 'createdb', dbName);
  if (created.status !== 0 && !/already exists/.test(created.stderr))
    throw new Error(`createdb ${dbName}: ${created.stderr}`);
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  let state = 'empty';
  try {
    const [has] = await sql`select count(*)::int as n from information_schema.tables where table_name = 'members'`;
    if (has.n) {
      const [c] = await sql`select
          (select count(*)::int from members where tenant_id = md5('bench-tenant-1')::uuid::text) as big,
          (select count(*)::int from members where tenant_id = md5('bench-tenant-' || ${SAAS_TENANTS + 1})::uuid::text) as last,
          (select count(*)::int from tenants where id in
            (select md5('bench-tenant-' || i)::uuid::text from generate_series(1, ${SAAS_TENANTS + 1}) i)) as tenants`;
      if (c.big >= BIG_MEMBERS && c.last >= SAAS_TENANT_MEMBERS && c.tenants === SAAS_TENANTS + 1) state = 'seeded';
      else if (c.big || c.tenants) state = 'partial';
    }
  } finally {
    await sql.end();
  }
  if (state === 'seeded') return { seededNow: false };
  if (state === 'partial') {
    pgTool(url, 'dropdb', '--if-exists', dbName);
    pgTool(url, 'createdb', dbName);
  }
  console.log(
    `seeding ${url}: ${SAAS_TENANTS} tenants of ${SAAS_TENANT_MEMBERS} members beside one of ${BIG_MEMBERS}…`,
  );
  const start = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'bench/seed.ts', 'saas', url], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('seeding the SaaS data set failed');
  return { seededNow: true, seedSeconds: (Date.now() - start) / 1000 };
}

/** Tenant k (1 = the 100,000-member one, 2…1,001 of 1,000): its id and the seed's numbers of its members. */
function tenantOf(k) {
  const base = k === 1 ? 0 : BIG_MEMBERS + (k - 2) * SAAS_TENANT_MEMBERS;
  return { k, id: md5Uuid(`bench-tenant-${k}`), base, n: k === 1 ? BIG_MEMBERS : SAAS_TENANT_MEMBERS };
}

const SEARCHES = ['chan', 'wong', 'smith', 'lee', 'garcia', 'patel', 'olivia', 'tanaka', 'ng', 'kim'];

/**
 * The mix, in twentieths: what a day of staff at many businesses asks. Lists are mostly the first pages;
 * the writes (purchases, redemptions of 1 point) move their tenant's list version, as in real use.
 */
const MIX = [
  ['list', 6],
  ['search', 2],
  ['detail', 4],
  ['dashboard', 2],
  ['tiers', 1],
  ['purchase', 4],
  ['redeem', 1],
];
const SLOTS = MIX.flatMap(([kind, n]) => Array(n).fill(kind));

function makeRequest(i, tenants, tokens) {
  const kind = SLOTS[i % SLOTS.length];
  // One request in ten goes to the big tenant, the rest spread over the 1,000 others.
  const t = tenants[i % 10 === 0 ? 0 : 1 + ((i * 7919) % (tenants.length - 1))];
  const s = 1 + ((i * 104_729) % t.n);
  const memberId = md5Uuid(`bench-member-${t.base + s}`);
  const headers = { authorization: `Bearer ${tokens[t.k % tokens.length]}`, 'x-tenant-id': t.id };
  const post = (body) => ({
    method: 'POST',
    path: `/api/tenants/member/${memberId}/transactions`,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  switch (kind) {
    case 'list':
      return { kind, method: 'GET', headers, path: `/api/tenants/member?page=${(i >> 5) % 5}&size=20` };
    case 'search':
      return { kind, method: 'GET', headers, path: `/api/tenants/member?page=0&size=20&search=${SEARCHES[i % 10]}` };
    case 'detail':
      return { kind, method: 'GET', headers, path: `/api/tenants/member/${memberId}` };
    case 'dashboard':
      return { kind, method: 'GET', headers, path: '/api/dashboard' };
    case 'tiers':
      return { kind, method: 'GET', headers, path: '/api/memberships?page=0&size=10' };
    case 'purchase':
      return { kind, ...post({ type: 'PURCHASE', amount: 12.5 }) };
    default:
      return { kind, ...post({ type: 'REDEEM', points: 1 }) };
  }
}

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

/** One autocannon run of the mix; every answer is kept by kind (time, status) and by cache outcome. */
function mixedRun(base, tenants, tokens, { connections, seconds }) {
  let next = 0;
  const byKind = Object.fromEntries(MIX.map(([k]) => [k, { times: [], ok: 0, refused: 0, failed: 0 }]));
  const cache = { hit: 0, miss: 0 };
  const requests = [
    {
      setupRequest: (req, context) => {
        const r = makeRequest(next++, tenants, tokens);
        context.kind = r.kind;
        const { kind: _kind, ...rest } = r;
        return { ...req, ...rest };
      },
      onResponse: (_status, _body, context, headers) => {
        const timing = headers['server-timing'] ?? headers['Server-Timing'];
        context.cache = /desc=hit/.test(timing ?? '') ? 'hit' : /desc=miss/.test(timing ?? '') ? 'miss' : undefined;
      },
    },
  ];
  return new Promise((resolve, reject) => {
    const inst = autocannon({ url: base, connections, duration: seconds, requests }, (err, result) =>
      err ? reject(err) : resolve({ result, byKind, cache }),
    );
    inst.on('response', (client, status, _bytes, ms) => {
      const ctx = client.requestIterator?.context ?? {};
      const k = byKind[ctx.kind];
      if (!k) return;
      k.times.push(ms);
      if (status < 300) k.ok++;
      else if (status < 500) k.refused++;
      else k.failed++;
      if (ctx.cache) cache[ctx.cache]++;
    });
  });
}

/** The bare Fastify route serving a members page body, for scale (no auth, no database). */
async function bareRoute(body, { connections, seconds }) {
  const port = await benchPort();
  const file = join(repoRoot, '.test-data', 'bench', `saas-bare-${port}.json`);
  writeFileSync(file, JSON.stringify({ '/bare/members': body }));
  const proc = spawnTracked(`bare :${port}`, ['bench/bare-server.mjs', String(port), file], {});
  try {
    await waitForOk(`http://127.0.0.1:${port}/api/ready`, proc);
    const r = await autocannon({ url: `http://127.0.0.1:${port}/bare/members`, connections, duration: seconds });
    return { rps: r.requests.total / (r.duration || seconds) };
  } finally {
    await proc.stop();
  }
}

/**
 * Starts the API on the SaaS database, makes STAFF team users (each an owner of a tenant of their own) the
 * admins of the seeded tenants, runs the mixed traffic (or, writesOnly, the write figures on the big
 * tenant), then removes what it added (the traffic's ledger entries stay: they are what a day leaves).
 */
export async function saasPhase(emulatorHost, { pgUrl, dataDir, seconds, connections, writesOnly = false }) {
  const url = saasDatabaseUrl(pgUrl);
  const seed = await ensureSaasDataSet(url);
  // BENCH_PROFILE_SAAS=1: a CPU profile of the API over the measured run (what the next bottleneck is).
  const profileDir = process.env.BENCH_PROFILE_SAAS ? join(dataDir, 'cpuprof') : undefined;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const api = await startApi({ port: await benchPort(), dataDir, emulatorHost, databaseUrl: url, nodeArgs });
  const sql = postgres(url, { max: 2, onnotice: () => {} });
  const owners = [];
  try {
    const phase = { database: new URL(url).pathname.slice(1), ...seed, restartReadyMs: api.readyMs };
    const staff = writesOnly ? 1 : STAFF;
    for (let i = 0; i < staff; i += 8)
      owners.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, staff - i) }, () => activeOwner(api.base, emulatorHost)),
        )),
      );
    const accounts = await sql`select id, firebase_uid from accounts
      where firebase_uid in ${sql(owners.map((o) => o.uid))}`;
    const accountOf = new Map(accounts.map((a) => [a.firebase_uid, a.id]));
    const tenants = Array.from({ length: SAAS_TENANTS + 1 }, (_, i) => tenantOf(i + 1));
    // Tenant k is run by owner k mod STAFF (the same pairing makeRequest uses for the token).
    const links = tenants.map((t) => ({
      id: md5Uuid(`saas-link-${t.k}-${owners[t.k % owners.length].uid}`),
      tenant_id: t.id,
      account_id: accountOf.get(owners[t.k % owners.length].uid),
      role: 'admin',
      status: 'ACTIVE',
    }));
    await sql`insert into tenant_users ${sql(links)}`;
    // Every tenant earns 1 point per $1 and redeems from 1 point, so purchases and redemptions succeed.
    await sql`insert into points_conversion_settings (tenant_id, earn_rate_amount, earn_rate_points, redeem_rate_points,
        redeem_rate_amount, minimum_redemption, maximum_redemption, expiry_type, is_active)
      select t, 1, 1, 100, 1, 1, 100000, 'NEVER', true from unnest(${sql.array(tenants.map((t) => t.id))}::text[]) t
      on conflict (tenant_id) do update set is_active = true, earn_rate_amount = 1, earn_rate_points = 1,
        minimum_redemption = 1`;
    if (writesOnly) {
      const headers = { authorization: `Bearer ${owners[0].token}`, 'x-tenant-id': tenants[0].id };
      const skipMs = Date.now() - api.spawnedAt;
      phase.writes = await purchases(api, headers, sql, tenants[0].id, { connections, seconds });
      await api.stop('SIGTERM', 30_000);
      if (profileDir)
        phase.profile = { rps: phase.writes.many.rps, windowMs: 0, ...summariseProfile(profileDir, skipMs) };
      return phase;
    }
    const tokens = owners.map((o) => o.token);
    // A second's warm-up, as the other load runs have (bench/lib/load.mjs).
    await mixedRun(api.base, tenants, tokens, { connections, seconds: 1 });
    await drain(api.base);
    const skipMs = Date.now() - api.spawnedAt;
    const run = await mixedRun(api.base, tenants, tokens, { connections, seconds });
    await drain(api.base);
    const { result, byKind, cache } = run;
    phase.mixed = {
      rps: result.requests.total / (result.duration || seconds),
      requests: result.requests.total,
      errors: result.errors + result.timeouts,
      kinds: Object.fromEntries(
        Object.entries(byKind).map(([kind, k]) => {
          const sorted = k.times.sort((a, b) => a - b);
          return [
            kind,
            {
              answered: sorted.length,
              rps: sorted.length / (result.duration || seconds),
              p50: pct(sorted, 50),
              p95: pct(sorted, 95),
              ok: k.ok,
              refused: k.refused,
              failed: k.failed,
            },
          ];
        }),
      ),
      cache: { ...cache, ratio: cache.hit + cache.miss ? cache.hit / (cache.hit + cache.miss) : Number.NaN },
    };
    phase.rssAfterLoad = rssMiB(api.pid);
    const page = await fetch(`${api.base}/api/tenants/member?page=0&size=20`, {
      headers: { authorization: `Bearer ${tokens[2 % tokens.length]}`, 'x-tenant-id': tenants[1].id },
    }).then((r) => r.json());
    await api.stop('SIGTERM', 30_000);
    if (profileDir)
      phase.profile = { rps: phase.mixed.rps, windowMs: seconds * 1000, ...summariseProfile(profileDir, skipMs) };
    phase.bare = await bareRoute(page, { connections, seconds });
    return phase;
  } finally {
    await api.stop();
    if (owners.length) {
      const ids = (await sql`select id from accounts where firebase_uid in ${sql(owners.map((o) => o.uid))}`).map(
        (a) => a.id,
      );
      await sql`delete from tenant_users where account_id in ${sql(ids)}`;
      await sql`delete from tenants where id in ${sql(owners.map((o) => o.tenantId))}`;
      await sql`delete from accounts where id in ${sql(ids)}`;
    }
    await sql.end();
  }
}
