import postgres from 'postgres';

/**
 * At most this many parameters for a statement to be prepared by default: a statement whose text varies with
 * its number of values (an IN list, a bulk insert) makes one prepared statement per count, and every
 * connection keeps each one until it is recycled (postgres.js recycles a connection after 30–60 minutes).
 */
const MAX_PREPARED_PARAMS = 64;
const MAX_PREPARED_TEXT = 16_000;

type Sql = postgres.Sql;

/**
 * Drizzle runs the queries it has not been asked to `.prepare()` as unnamed statements (postgres.js
 * `unsafe(text, params, { prepare: false })`): each is sent as Parse + Describe, the driver waits for the
 * parameter types, then Bind + Execute, so every one costs two round trips and is parsed and planned again.
 * Drizzle's SQL for a query is the same text every time (values are placeholders), so here every statement
 * with parameters is prepared on its connection the first time and then costs one round trip: a purchase
 * went from 15 round trips to 8. Transactions and savepoints hand drizzle their own `sql`,
 * wrapped the same way.
 */
export function preparedByDefault(sql: Sql): Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key === 'unsafe') {
        return (text: string, params?: unknown[], options: { prepare?: boolean } = {}) => {
          const prepare =
            options.prepare === true ||
            (!!params && params.length > 0 && params.length <= MAX_PREPARED_PARAMS && text.length <= MAX_PREPARED_TEXT);
          return (value as Sql['unsafe'])(text, params as never, { ...options, prepare });
        };
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const last = args.length - 1;
          const fn = args[last] as (tx: Sql) => unknown;
          args[last] = (tx: Sql) => fn(preparedByDefault(tx));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * The API's connections to PostgreSQL: the main pool, and a small one whose sessions plan each prepared
 * statement once (`plan_cache_mode = force_generic_plan`) and walk indexes with nested loops. PostgreSQL re-plans a prepared statement with
 * parameters for every execution while it estimates a custom plan cheaper than the generic one, and it
 * always does for a page read (LIMIT and OFFSET as parameters are guessed at a tenth of the table): the
 * members page spent 1.8 ms planning for 0.3 ms of execution. Its generic plan is the same index walk. Only
 * statements whose best plan does not depend on their values run there: a search (ILIKE on the trigram
 * index) does (generic: 15 ms, custom: 1.7 ms), so it stays on the main pool.
 */
export function postgresPools(url: string) {
  const common = { onnotice: () => {} } as const;
  const main = postgres(url, { ...common, max: 10 });
  const generic = postgres(url, {
    ...common,
    max: 4,
    // A generic plan is made without the values, from the table's statistics alone: where one tenant holds
    // most members (one business on its own database), it guesses a page's LIMIT at a tenth of them and
    // hash-joins a scan of every tier (5 ms a page, against 0.4 ms with nested loops, measured with the
    // statistics of a single tenant). This pool runs only reads of a page or one row through an index, so
    // it is told to use nothing else.
    connection: {
      plan_cache_mode: 'force_generic_plan',
      enable_hashjoin: 'off',
      enable_mergejoin: 'off',
      enable_seqscan: 'off',
    },
  });
  return {
    main,
    generic,
    end: () => Promise.all([main.end({ timeout: 5 }), generic.end({ timeout: 5 })]).then(() => undefined),
  };
}
