import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine } from './helpers';
import { activeOwner, type RegisteredOwner } from './onboarding-helpers';

/**
 * Property-based fuzzing from the app's own OpenAPI document: bodies, queries, path ids and headers shaped
 * like each operation's schema but with hostile values. Whatever comes in: never a 5xx, always JSON, and a
 * refused request stores nothing. `npm run fuzz` runs the same with many more cases (FUZZ_RUNS).
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 60);
/** FUZZ_ONLY=/api/public,/api/passkit fuzzes only the operations whose paths start with one of these. */
const ONLY = (process.env.FUZZ_ONLY ?? '').split(',').filter(Boolean);

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
};
type Operation = {
  method: string;
  path: string;
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  body?: JsonSchema;
};

/**
 * Numbers past what the database's types hold (bigint, int, timestamps, numeric), as the text a query or a path
 * carries them: a 20-digit update tag once reached `to_timestamp` and answered 500.
 */
const extremeDigits = fc.oneof(
  fc.constantFrom(
    '99999999999999999999',
    '18446744073709551616',
    '9223372036854775808',
    '-9223372036854775809',
    '2147483648',
    '-2147483649',
    '9'.repeat(40),
    '1e400',
    '-1e400',
    '0.0000000000000000001',
  ),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.integer({ min: 1, max: 40 }).map((n) => '9'.repeat(n)),
);
const hostileString = fc.oneof(
  fc.string(),
  extremeDigits,
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\u202e', '%00', "'; drop table members; --", '../../etc/passwd'),
  fc.constantFrom('x'.repeat(5000), '0'.repeat(400), '1e309', '-0', 'NaN', '{"$ne":null}', '<script>alert(1)</script>'),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.001, 99999999999999, 1e20, 2 ** 63, -(2 ** 63)),
  fc.constantFrom(Number.MAX_VALUE, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
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

/**
 * Strings that match a parameter's own pattern (to get past its check: a pass type id, an update tag of up to
 * 20 digits), else hostile ones. A pattern fast-check cannot generate from is simply left out.
 */
function matching(
  schema: JsonSchema | undefined,
  otherwise: fc.Arbitrary<string>,
  encode = (v: string) => v,
): fc.Arbitrary<string> {
  if (!schema?.pattern) return otherwise;
  // A pattern of digits is a number as text: its longest values are the extreme ones (a 20-digit update tag).
  const digits = /\\d\{(\d+),(\d+)\}/.exec(schema.pattern);
  const longest = Number(digits?.[2] ?? 0);
  const edges = longest > 0 ? [fc.constantFrom('9'.repeat(longest), `1${'0'.repeat(longest - 1)}`)] : [];
  try {
    return fc.oneof(fc.stringMatching(new RegExp(schema.pattern)).map(encode), ...edges, otherwise);
  } catch {
    return fc.oneof(...edges, otherwise);
  }
}

const FUZZ_SLUG = `fuzz-${Date.now().toString(36)}`;

const pathId = fc.oneof(
  fc.uuid(),
  fc.constant(FUZZ_SLUG),
  // Shaped like a pass type identifier, so Apple's web service gets past its path check to the query.
  fc.constant('pass.fuzz.example'),
  hostileString.map((s) => encodeURIComponent(s).slice(0, 3000)),
  fc.constantFrom('..', '%2e%2e', 'null', '0', '-1'),
);

// Operations whose success is a file the caller asked for (the join poster), not JSON.
// The stamp card's strip is a public picture (docs/design.md §10: Google's heroImage), drawn for any count.
const FILE_ANSWERS = new Set([
  '/api/tenants/enrolment/poster.png',
  '/api/tenants/enrolment/poster.pdf',
  '/api/public/stamp-card/{tenantId}/{file}',
]);

describe('fuzzing every operation of the OpenAPI document', () => {
  let app: FastifyInstance;
  let owner: RegisteredOwner;
  let operations: Operation[];
  let apiKey: string;

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
    const unlimited = '1000000';
    app = await buildTestApp({
      RATE_LIMIT_WRITES_PER_MINUTE: unlimited,
      RATE_LIMIT_ONBOARDING_PER_MINUTE: unlimited,
      RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: unlimited,
      RATE_LIMIT_API_KEY_PER_MINUTE: unlimited,
      RATE_LIMIT_PASSKIT_PER_MINUTE: unlimited,
      RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: unlimited,
      RATE_LIMIT_PUBLIC_PER_PHONE_PER_MINUTE: unlimited,
      RATE_LIMIT_PUBLIC_PER_TENANT_PER_MINUTE: unlimited,
      // The queue's own pool needs the database's address (the app is handed its database otherwise).
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    // As the server does once migrations ran: writes that enqueue work (a message to everyone) need the queue.
    await app.jobs.start();
    owner = await activeOwner(app);
    // A key with every scope: the fuzzer also calls as an integration (a key on a customer's call once answered 500).
    const made = await app.inject({
      method: 'POST',
      url: '/api/tenants/api-keys',
      headers: bearer(owner.token),
      payload: { name: 'Fuzz', scopes: ['members:read', 'members:write', 'transactions:write'] },
    });
    expect(made.statusCode).toBe(201);
    apiKey = made.json().key as string;
    // The fuzzer's business has a join page, so the customer's calls get past "unknown page" to their guards.
    const enrolment = await app.inject({
      method: 'PUT',
      url: '/api/tenants/enrolment',
      headers: bearer(owner.token),
      payload: {
        enabled: true,
        slug: FUZZ_SLUG,
        welcomePoints: 0,
        requireEmail: false,
        termsUrl: '',
        allowedCountries: [],
      },
    });
    expect(enrolment.statusCode).toBe(200);
    const doc = (await app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<
          string,
          { parameters?: Operation['parameters']; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
        >
      >;
    };
    operations = Object.entries(doc.paths)
      .filter(([path]) => ONLY.length === 0 || ONLY.some((prefix) => path.startsWith(prefix)))
      // Event streams stay open by design (modules/live/live.test.ts reads them over a socket).
      .filter(([path]) => !path.endsWith('/events'))
      .flatMap(([path, methods]) =>
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
    expect(operations.length).toBeGreaterThan(ONLY.length > 0 ? 0 : 5);
  });

  it('never answers 5xx or non-JSON, and a refused request stores nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const op of operations) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'query');
      const query = fc
        .tuple(
          fc.record(
            Object.fromEntries(
              declared.map((p) => [p.name, matching(p.schema, fc.oneof(hostileString, extremeDigits))]),
            ),
            { requiredKeys: [] },
          ),
          fc.dictionary(fc.constantFrom('page', 'x'), fc.oneof(hostileString, extremeDigits), { maxKeys: 2 }),
        )
        .map(([own, extra]) => ({ ...extra, ...own }) as Record<string, string>);
      // Who calls: the owner (most often, to get past the guards), the business's API key, a made-up key, a
      // device's ApplePass header, a malformed bearer, or nobody.
      const caller = fc.oneof(
        { weight: 4, arbitrary: fc.constant(bearer(owner.token)) },
        { weight: 2, arbitrary: fc.constant(bearer(apiKey)) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            bearer('lpk_made_up_key'),
            bearer(`lpk_${'x'.repeat(300)}`),
            { authorization: `ApplePass ${'x'.repeat(43)}` },
            { authorization: 'Bearer a.b.c' },
            {},
          ),
        },
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
          fc.tuple(
            ...(op.parameters ?? [])
              .filter((p) => p.in === 'path')
              .map((p) => matching(p.schema, pathId, encodeURIComponent)),
            pathId,
          ),
          query,
          arbitraryFor(op.body),
          headers,
          caller,
          async (ids, q, body, extra, who) => {
            let i = 0;
            const url = op.path.replace(/\{[^}]+\}/g, () => ids[i++] ?? 'x');
            const before = op.method === 'GET' ? '' : await stored();
            const withBody = op.method !== 'GET' && op.method !== 'DELETE';
            const res = await app.inject({
              method: op.method as 'POST',
              url,
              query: q,
              headers: {
                ...who,
                ...extra,
                ...(withBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(withBody ? { payload: JSON.stringify(body) ?? 'null' } : {}),
            });
            statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
            const where = `${op.method} ${url} ${JSON.stringify(body)?.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
            const type = String(res.headers['content-type'] ?? '');
            // A file download (a poster or a CSV, docs/design.md §8) answers its own type when it succeeds; its
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
