import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named server-side prepared statements for the queries drizzle sends to embedded PGlite outside transactions.
 *
 * PGlite's own query() sends an unnamed Parse with every call (then Describe, Bind, Describe, Execute and Sync,
 * each a round of its own), so every call is parsed, analysed and planned again. PGlite runs one statement at
 * a time in the API's own thread, so under 50 concurrent requests a request waits for about 50 of them. Here a
 * text is parsed and described once; each call is then Bind + Execute + Sync in one round.
 *
 * Plans are left to PostgreSQL's default plan cache mode, as on native PostgreSQL (postgres.js prepares its
 * statements too): custom plans for the first five calls, then the generic plan only when its estimate is no
 * worse. Forcing the generic plan was measured and is worse for the members page, even where `genericPlans()`
 * asks for it on PostgreSQL: with LIMIT and OFFSET as parameters the planner assumes a tenth of the tenant is
 * read, and on 10,000 members it picks a hash join over a scan of every member (2.5 ms a page, against
 * 0.85 ms with custom plans).
 * Pattern matches (ILIKE on the trigram index) stay on PGlite's unnamed path: their good plan depends on the
 * pattern (1.7 ms custom against 14.9 ms generic measured on PostgreSQL), and an unnamed statement is always
 * planned for its values.
 *
 * The result is built by PGlite's own parseResults from the described row shape, so rowMode, parsers and
 * errors (DatabaseError with its code, query and params) are what query() gives.
 */

type Message = Parameters<typeof parse.parseResults>[0][number];
type Statement = { name: string; paramTypes: number[]; rowDescription?: Message };
type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

const { serialize, messages } = protocol;
const EXECUTE = serialize.execute({});
const SYNC = serialize.sync();
/** Texts whose good plan depends on the pattern's value: LIKE, ILIKE, SIMILAR TO, regular expressions. */
const PATTERN = /\b(?:i?like|similar\s+to)\b|~/i;

type PreparedOptions = {
  /** Prepared statements kept at most; the least recently used one is closed beyond that. */
  maxStatements?: number;
  /** Longer texts (bulk inserts built for one batch) are left to PGlite's own unnamed path. */
  maxTextLength?: number;
};

/**
 * Replaces `client.query` by one that runs parameterised statements as named prepared statements. Queries
 * inside `client.transaction` use the transaction's own query and are not affected; neither is any query
 * function bound before this is called. Returns how many statements are prepared (for tests).
 */
export function usePreparedStatements(client: PGlite, opts: PreparedOptions = {}): () => number {
  const maxStatements = opts.maxStatements ?? 500;
  const maxTextLength = opts.maxTextLength ?? 16_384;
  const unnamed = client.query.bind(client) as Query;
  const cache = new Map<string, Statement>();
  let named = 0;

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const name = `loyalty_${(named++).toString(36)}`;
    const parts = [serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC];
    if (cache.size >= maxStatements) {
      const [oldText, oldest] = cache.entries().next().value as [string, Statement];
      cache.delete(oldText);
      parts.unshift(serialize.close({ type: 'S', name: oldest.name }));
    }
    const replies = await client.execProtocolStream(Buffer.concat(parts), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(replies),
      rowDescription: replies.find((m) => m.name === 'rowDescription'),
    };
    cache.set(text, statement);
    return statement;
  }

  async function execute(statement: Statement, params: unknown[], options?: QueryOptions): Promise<Results> {
    // The same serialisation as PGlite's query(): by the parameter types the server described.
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const bind = serialize.bind({ statement: statement.name, values });
    // An error is thrown once the whole round has run, Sync included: the failed statement is over and the
    // session takes the next one.
    const replies = await client.execProtocolStream(Buffer.concat([bind, EXECUTE, SYNC]), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
    await client.syncToFs();
    // Execute sends no row description: the one described at Parse comes first, as in query()'s replies.
    const described = statement.rowDescription ? [statement.rowDescription, ...replies] : replies;
    // Given parsers of its own (drizzle always gives some), parseResults copies every parser PGlite has,
    // hundreds with the array types, into a new object per call: 7 % of the API's time under the members
    // page load. Its own parsers over PGlite's on a prototype chain look up the same.
    const own = options?.parsers;
    if (!own) return parse.parseResults(described, client.parsers, options)[0] as Results;
    const parsers = Object.assign(Object.create(client.parsers), own);
    return parse.parseResults(described, parsers, { ...options, parsers: undefined })[0] as Results;
  }

  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    for (let attempt = 0; ; attempt++) {
      let statement = cache.get(text);
      if (statement) {
        // Most recently used last: Map keeps insertion order, so the first entry is the one to close.
        cache.delete(text);
        cache.set(text, statement);
      }
      try {
        statement ??= await prepare(text, options);
        return await execute(statement, params, options);
      } catch (error) {
        if (attempt === 0 && statement && isStale(error)) {
          // The schema changed under it (or it was deallocated): prepare it again, once.
          cache.delete(text);
          await client.execProtocolStream(Buffer.concat([serialize.close({ type: 'S', name: statement.name }), SYNC]), {
            syncToFs: false,
          });
          continue;
        }
        throw withQuery(error, text, params, options);
      }
    }
  }

  client.query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    const own = params?.length && !options?.blob && !options?.paramTypes;
    if (!own || (!cache.has(text) && (text.length > maxTextLength || PATTERN.test(text))))
      return unnamed(text, params, options);
    await client._checkReady();
    // The same two locks as query(): no statement runs inside another caller's transaction.
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run(text, params, options)));
  }) as typeof client.query;
  return () => cache.size;
}

function isStale(error: unknown): boolean {
  if (!(error instanceof messages.DatabaseError)) return false;
  // 0A000 "cached plan must not change result type"; 26000 the statement no longer exists.
  return error.code === '26000' || (error.code === '0A000' && /cached plan/.test(error.message));
}

/** What PGlite's query() attaches to a database error, so handlers and logs see the same thing. */
function withQuery(error: unknown, query: string, params: unknown[], queryOptions?: QueryOptions): unknown {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query, params, queryOptions });
  return error;
}
