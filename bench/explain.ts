// EXPLAIN ANALYZE of exactly the SQL the members page runs: the product's own listMembers() is called on a
// Drizzle instance whose logger records each statement, then each statement is explained with its parameters.
//   node --import tsx bench/explain.ts pg <url> <tenantId> <out.json>
//   node --import tsx bench/explain.ts pglite <dataDir> <tenantId> <out.json>   (server stopped)
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { pg_trgm } from '../apps/api/node_modules/@electric-sql/pglite/dist/contrib/pg_trgm.js';
import { PGlite } from '../apps/api/node_modules/@electric-sql/pglite/dist/index.js';
import { drizzle as drizzlePglite } from '../apps/api/node_modules/drizzle-orm/pglite/index.js';
import { drizzle as drizzlePostgres } from '../apps/api/node_modules/drizzle-orm/postgres-js/index.js';
import * as schema from '../apps/api/src/db/schema';

type Query = { sql: string; params: unknown[] };
export type Explained = { scenario: string; wallMs: number[]; queries: (Query & { plan: string; execMs: number })[] };

const [mode, target, tenantId, out] = process.argv.slice(2);
if (!mode || !target || !tenantId || !out) {
  console.error('usage: explain.ts pg|pglite <url|dataDir> <tenantId> <out.json>');
  process.exit(2);
}

const captured: Query[] = [];
const logger = { logQuery: (sql: string, params: unknown[]) => void captured.push({ sql, params }) };
let explainRaw: (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
let close: () => Promise<void>;
let db: unknown;
if (mode === 'pg') {
  const client = postgres(target, { max: 1, onnotice: () => {} });
  db = drizzlePostgres(client, { schema, logger });
  explainRaw = async (text, params) => (await client.unsafe(text, params as never[])) as Record<string, unknown>[];
  close = () => client.end({ timeout: 5 });
} else {
  const client = new PGlite({ dataDir: join(target, 'pglite'), extensions: { pg_trgm } });
  db = drizzlePglite(client, { schema, logger });
  explainRaw = async (text, params) => (await client.query(text, params)).rows as Record<string, unknown>[];
  close = () => client.close();
}

const { listMembers } = await import('../apps/api/src/modules/members/repository');
const { createAnchorCache } = await import('../apps/api/src/modules/members/page-anchors');
// As the API reads deep pages of the unfiltered list: from the nearest page anchor (loaded once, here in
// the first of the timed runs).
const anchors = createAnchorCache();
const seek = (offset: number) => anchors.seek(db as never, tenantId, 0, offset);
const [{ total }] = (await explainRaw('select count(*)::int as total from members where tenant_id = $1', [
  tenantId,
])) as { total: number }[];
const size = 20;
const lastPage = Math.max(0, Math.ceil(total / size) - 1);
type Params = { page: number; size: number; search?: string };
const scenarios: [string, Params, { seek?: typeof seek }][] = [
  ['first page', { page: 0, size }, { seek }],
  ['middle page', { page: Math.floor(lastPage / 2), size }, { seek }],
  ['last page', { page: lastPage, size }, { seek }],
  ['search "chan"', { page: 0, size, search: 'chan' }, {}],
  ['middle page by OFFSET (no anchor)', { page: Math.floor(lastPage / 2), size }, {}],
];

const results: Explained[] = [];
for (const [scenario, params, known] of scenarios) {
  const wallMs: number[] = [];
  for (let i = 0; i < 12; i++) {
    captured.length = 0;
    const start = performance.now();
    await (listMembers as (db: unknown, t: string, p: unknown, k: unknown) => Promise<unknown>)(
      db,
      tenantId,
      params,
      known,
    );
    wallMs.push(performance.now() - start);
  }
  const queries = [];
  for (const q of [...captured]) {
    const rows = await explainRaw(`explain (analyze, buffers) ${q.sql}`, q.params);
    const plan = rows.map((r) => String(Object.values(r)[0])).join('\n');
    const execMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
    queries.push({ ...q, plan, execMs });
  }
  results.push({ scenario, wallMs: wallMs.slice(2), queries });
}
writeFileSync(out, JSON.stringify({ total, results }, null, 1));
await close();
