import { type SQL, sql } from 'drizzle-orm';

/**
 * Statements built once per process, engine and shape, then only executed, on any handle: the database, the
 * list pool (`genericPlans`) or a transaction. Drizzle sends an unnamed query through postgres.js as Parse +
 * Describe, a wait for the parameter types, then Bind + Execute: two round trips, parsed and planned each
 * time. A prepared one is parsed once per connection and answers in one round trip. And drizzle's query
 * building (its `is()` checks, the SQL text, the column mapping) is skipped: a purchase's transaction built
 * its ten statements anew each time, about 30 % of the API's CPU under purchases. On PGlite only the
 * building is saved. `shape` names the variant (which filters, which end of the list), never a value: values
 * are placeholders, so the statements stay few.
 */
export function preparedStatements<D extends object, S>(build: (db: D, shape: string) => S) {
  /** The statements as built, by the engine's session class (postgres.js and PGlite build different ones). */
  const built = new Map<unknown, Map<string, S>>();
  /** Each handle's copies, bound to its client; a transaction's go with it. */
  const byDb = new WeakMap<D, Map<string, S>>();
  return (db: D, shape = ''): S => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let statement = shapes.get(shape);
    if (!statement) {
      const session = sessionOf(db);
      let ofEngine = built.get(session.constructor);
      if (!ofEngine) {
        ofEngine = new Map();
        built.set(session.constructor, ofEngine);
      }
      let original = ofEngine.get(shape);
      if (!original) {
        original = build(db, shape);
        ofEngine.set(shape, original);
      }
      statement = boundTo(original, session.client);
      shapes.set(shape, statement);
    }
    return statement;
  };
}

type Session = { constructor: unknown; client: unknown };

/** Drizzle's session of a handle (`PgDatabase.session`, a transaction's too): its client is what runs the SQL. */
function sessionOf(db: object): Session {
  const session = (db as { session?: Session }).session;
  if (!session || !('client' in session)) throw new Error('preparedStatements needs a drizzle database or transaction');
  return session;
}

/**
 * The same prepared query run on another client. Drizzle's prepared queries (postgres.js and PGlite alike) keep
 * their text, parameters and column mapping as fields and read `this.client` when executed, so a copy whose
 * `client` is the handle's own runs there, with nothing built again. A record of statements is bound entry by
 * entry.
 */
function boundTo<S>(statement: S, client: unknown): S {
  const query = statement as { client?: unknown; execute?: unknown };
  if (typeof query.execute === 'function' && 'client' in query) {
    return query.client === client ? statement : (Object.create(query, { client: { value: client } }) as S);
  }
  return Object.fromEntries(
    Object.entries(statement as Record<string, unknown>).map(([key, value]) => [key, boundTo(value, client)]),
  ) as S;
}

/**
 * A placeholder as bare SQL: its value goes to the driver as given. Drizzle wraps a placeholder standing for a
 * column's value in the column's encoder, which would also be given a null (a timestamp cannot take it, a JSON
 * column would store JSON `null`), and its types take placeholders in inserts only, not in an update's `set`.
 */
export const bare = (name: string): SQL => sql`${sql.placeholder(name)}`;
