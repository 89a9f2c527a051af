import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from './helpers';
import { activeOwner, type RegisteredOwner } from './onboarding-helpers';

/**
 * Property-based fuzzing from the app's own OpenAPI document: bodies, queries, path ids and headers shaped
 * like each operation's schema but with hostile values. Whatever comes in: never a 5xx, always JSON, and a
 * refused request stores nothing. `npm run fuzz` runs the same with many more cases (FUZZ_RUNS).
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};
type Operation = {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
};

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '%00', "'; drop table members; --", '../../etc/passwd'),
  fc.constantFrom('x'.repeat(5000), '0'.repeat(400), '1e309', '-0', 'NaN', '{"$ne":null}', '<script>alert(1)</script>'),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.001, 99999999999999),
);
const anyJson = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

/** Values shaped by the schema most of the time (to get past the first check), hostile always. */
function arbitraryFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((v) => arbitraryFor(v, depth + 1)), anyJson);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anyJson);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const props = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, v]) => [k, arbitraryFor(v, depth + 1)]),
    );
    return fc.oneof(
      { weight: 4, arbitrary: fc.record(props, { requiredKeys: [] }) },
      { weight: 1, arbitrary: anyJson },
    );
  }
  if (type === 'array') return fc.oneof(fc.array(arbitraryFor(schema.items, depth + 1), { maxLength: 30 }), anyJson);
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: anyJson });
  if (type === 'number' || type === 'integer') return fc.oneof(hostileNumber, anyJson);
  if (type === 'boolean') return fc.oneof(fc.boolean(), anyJson);
  return anyJson;
}

const pathId = fc.oneof(
  fc.uuid(),
  hostileString.map((s) => encodeURIComponent(s).slice(0, 3000)),
  fc.constantFrom('..', '%2e%2e', 'null', '0', '-1'),
);

// Operations whose success is a file the caller asked for (the join poster), not JSON.
const FILE_ANSWERS = new Set(['/api/tenants/enrolment/poster.png', '/api/tenants/enrolment/poster.pdf']);

describe('fuzzing every operation of the OpenAPI document', () => {
  let app: FastifyInstance;
  let owner: RegisteredOwner;
  let operations: Operation[];

  /**
   * What the fuzzer's business holds. Scoped to its tenant (and its team's account rows), because on PostgreSQL
   * other test files write to the same database at the same time.
   */
  async function stored(): Promise<string> {
    const t = owner.tenantId;
    const res = await app.database.db.execute(sql`
      select (select count(*) from tenant_users where tenant_id = ${t}) || '-' ||
             (select md5(coalesce(string_agg(a::text, '|' order by a.id), '')) from accounts a
                join tenant_users u on u.account_id = a.id where u.tenant_id = ${t}) || '-' ||
             (select count(*) from members where tenant_id = ${t}) || '-' ||
             (select count(*) from membership_tiers where tenant_id = ${t}) || '-' ||
             (select count(*) from uploads where tenant_id = ${t}) || '-' ||
             (select count(*) from points_ledger where tenant_id = ${t}) as c`);
    const rows = (res as unknown as { rows?: { c: string }[] }).rows ?? (res as unknown as { c: string }[]);
    return String(rows[0]?.c);
  }

  beforeAll(async () => {
    // Far above any limit the fuzzer could reach: it tests input handling, not the rate limiter.
    app = await buildTestApp({ RATE_LIMIT_WRITES_PER_MINUTE: '1000000', RATE_LIMIT_ONBOARDING_PER_MINUTE: '1000000' });
    owner = await activeOwner(app);
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        >
      >;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters,
        body: op.requestBody?.content?.['application/json']?.schema,
      })),
    );
  });
  afterAll(() => app.close());

  it('finds operations to fuzz in the document', () => {
    expect(operations.length).toBeGreaterThan(5);
  });

  it('never answers 5xx or non-JSON, and a refused request stores nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of operations) {
      const query = fc.dictionary(
        fc.constantFrom(...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), 'page', 'x'),
        hostileString,
        { maxKeys: 4 },
      );
      const headers = fc.record(
        {
          'x-tenant-id': fc.oneof(
            fc.constant(owner.tenantId),
            hostileString.map((s) => s.replace(/[^\x20-\x7e]/g, '')),
          ),
        },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathId, { minLength: 3, maxLength: 3 }),
          query,
          arbitraryFor(op.body),
          headers,
          async (ids, q, body, extra) => {
            let i = 0;
            const url = op.path.replace(/\{[^}]+\}/g, () => ids[i++] ?? 'x');
            const before = op.method === 'GET' ? '' : await stored();
            const withBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await app.inject({
              method: op.method as 'POST',
              url,
              query: q,
              headers: {
                ...bearer(owner.token),
                ...extra,
                ...(withBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(withBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${op.method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            const type = String(res.headers['content-type'] ?? '');
            // A file download (a poster, issue 21; a CSV, issue 24) answers its own type when it succeeds; its
            // errors are JSON like any other.
            const file =
              res.statusCode === 200 &&
              (FILE_ANSWERS.has(op.path) || (url.endsWith('.csv') && type.startsWith('text/csv')));
            if (res.statusCode !== 204 && !type.includes('json') && !type.includes('html') && !file) {
              failures.push(`${where}: content-type ${type}`);
            }
            if (op.method !== 'GET' && res.statusCode >= 400 && (await stored()) !== before) {
              failures.push(`${where}: refused with ${res.statusCode} but stored something`);
            }
            return true;
          },
        ),
        { numRuns: RUNS_PER_OPERATION },
      );
    }
    expect(failures).toEqual([]);
    // The fuzzer got past the guards and the schemas at least sometimes, or it proved little.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect([...statuses.entries()].some(([code]) => code < 300)).toBe(true);
  }, 600_000);
});
