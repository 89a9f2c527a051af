// `npm run bench:csv`: members out and in by CSV on PostgreSQL (issue 24). Export of 100,000 members through
// the route's own pipeline (keyset chunks → csv-stringify, UTF-8 with BOM) into a sink, with its time and
// RSS growth (targets ≤ 10 s, ≤ 100 MB); then the import job on a 100,000-row file (target ≤ 60 s), and
// the same file again (a no-op). Runs on BENCH_DATABASE_URL (default postgres://127.0.0.1:5432/t_csvaudit),
// which it EMPTIES first. Prints figures; asserts nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import postgres from 'postgres';
import { sql } from '../apps/api/node_modules/drizzle-orm/index.js';
import { createDatabase } from '../apps/api/src/db/client';
import { imports, tenants } from '../apps/api/src/db/schema';
import type { JobQueue } from '../apps/api/src/jobs/queue';
import { changeFeed } from '../apps/api/src/lib/changes';
import { csvStream } from '../apps/api/src/lib/csv';
import { createLedger } from '../apps/api/src/modules/ledger/ledger';
import { memberImportJob } from '../apps/api/src/modules/member-import/import-job';
import { fileHash, readImportFile } from '../apps/api/src/modules/member-import/read-file';
import { MEMBER_HEADER, memberLines } from '../apps/api/src/modules/members/export-lines';
import { exportMembers } from '../apps/api/src/modules/members/repository';
import { createLocalDriver } from '../apps/api/src/storage/local-driver';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://127.0.0.1:5432/t_csvaudit';
const N = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const reset = postgres(url, { max: 1, onnotice: () => {} });
await reset.unsafe(
  'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;',
);
await reset.end();
const database = createDatabase({ databaseUrl: url, dataDir: ':memory:' });
await database.migrate();
const { db } = database;

async function tenant() {
  const id = randomUUID();
  await db.insert(tenants).values({ id, businessName: 'Bench Bakery', industry: 'Food', status: 'ACTIVE' });
  return id;
}

// --- export -------------------------------------------------------------------------------------------
const exporter = await tenant();
await db.execute(sql`insert into members (id, tenant_id, first_name, last_name, email, phone, membership_code,
    points_balance, lifetime_spend, created_at)
  select gen_random_uuid()::text, ${exporter}, '客' || i, '陳', 'm' || i || '@example.test',
    '+8526' || lpad(i::text, 7, '0'), 'M' || lpad(i::text, 6, '0'), i % 5000, (i % 900)::numeric,
    now() - i * interval '1 second'
  from generate_series(1, ${N}) as i`);
await db.execute(sql`analyze members`);

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
let bytes = 0;
let lines = 0;
const t0 = performance.now();
await pipeline(
  csvStream(MEMBER_HEADER, memberLines(exportMembers(db, exporter, {}))),
  new Writable({
    write(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
      done();
    },
  }),
);
const exportMs = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
console.log(
  `export: ${lines - 1} members, ${mb(bytes)} of CSV in ${(exportMs / 1000).toFixed(2)} s (target ≤ 10 s); ` +
    `RSS ${mb(rssBefore)} → peak ${mb(peak)}, growth ${mb(peak - rssBefore)} (target ≤ 100 MB)`,
);

// --- import -------------------------------------------------------------------------------------------
const importer = await tenant();
await db.execute(sql`insert into membership_tiers (id, tenant_id, name, color, min_spend_amount, max_spend_amount, sort_order)
  values (${randomUUID()}, ${importer}, 'Basic', '#888888', 0, 500, 0), (${randomUUID()}, ${importer}, 'Gold', '#ffd700', 500, null, 1)`);
const header = 'First name,Last name,Email,Phone,Membership code,Tier,Points,Lifetime spend';
const rows = [header];
for (let i = 1; i <= N; i++) {
  rows.push(
    `客${i},陳,i${i}@example.test,+8525${String(i).padStart(7, '0')},,${i % 10 ? '' : 'Gold'},${i % 3000},${i % 900}`,
  );
}
const file = Buffer.from(`${rows.join('\n')}\n`);
const mapping = {
  'First name': 'firstName',
  'Last name': 'lastName',
  Email: 'email',
  Phone: 'phone',
  'Membership code': 'membershipCode',
  Tier: 'tier',
  Points: 'points',
  'Lifetime spend': 'lifetimeSpend',
} as const;
const dir = mkdtempSync(join(tmpdir(), 'lp-bench-csv-'));
const storage = createLocalDriver(dir);
const defined: unknown[] = [];
// No listeners: the bench measures the import's own writes, as an app with no card or webhook would.
const job = memberImportJob(db, createLedger(changeFeed([])), storage, {
  define: (d: unknown) => defined.push(d),
} as unknown as JobQueue);

async function runImport(label: string) {
  const id = randomUUID();
  const storageKey = `imports/${importer}/${id}.csv`;
  await storage.put(storageKey, file, 'text/csv');
  const t = performance.now();
  const checked = await readImportFile(file, mapping);
  const readMs = performance.now() - t;
  await db.insert(imports).values({
    id,
    tenantId: importer,
    state: 'queued',
    dryRun: false,
    fileHash: fileHash(file),
    mapping,
    storageKey,
    total: checked.total,
    errors: checked.errors,
  });
  const t1 = performance.now();
  await job.handle({ importId: id }, { id, retryCount: 0, signal: new AbortController().signal });
  const jobMs = performance.now() - t1;
  const [done] = await db.select().from(imports).where(sql`${imports.id} = ${id}`);
  console.log(
    `${label}: ${N} rows (${mb(file.length)}), read and checked in the request ${(readMs / 1000).toFixed(2)} s, ` +
      `job ${(jobMs / 1000).toFixed(2)} s (target ≤ 60 s): state ${done?.state}, created ${done?.created}, ` +
      `updated ${done?.updated}, errors ${done?.errors.length}`,
  );
}
await runImport('import');
const ledger = async () =>
  (await db.execute(
    sql`select count(*)::int as n, coalesce(sum(points), 0)::int as s from points_ledger where tenant_id = ${importer}`,
  )) as unknown as { n: number; s: number }[];
const before = await ledger();
await runImport('same file again');
const after = await ledger();
console.log(
  `ledger entries ${before[0]?.n} → ${after[0]?.n}, points ${before[0]?.s} → ${after[0]?.s} (unchanged = a no-op)`,
);

rmSync(dir, { recursive: true, force: true });
await database.close();
