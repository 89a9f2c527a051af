/**
 * Statements built and prepared once per database handle (or transaction) and shape, then only executed.
 * Drizzle sends an unnamed query through postgres.js as Parse + Describe, a wait for the parameter types,
 * then Bind + Execute: two round trips, parsed and planned each time. A prepared one is parsed once per
 * connection and answers in one round trip; drizzle's query building is skipped as well. On PGlite only
 * the building is saved. `shape` names the variant (which filters, which end of the list), never a value:
 * values are placeholders, so the statements stay few.
 */
export function preparedStatements<D extends object, S>(build: (db: D, shape: string) => S) {
  const byDb = new WeakMap<D, Map<string, S>>();
  return (db: D, shape = ''): S => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let statement = shapes.get(shape);
    if (!statement) {
      statement = build(db, shape);
      shapes.set(shape, statement);
    }
    return statement;
  };
}
