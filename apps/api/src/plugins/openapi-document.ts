/**
 * The last touches to the OpenAPI document the routes' zod schemas generate, so that a standard linter's
 * recommended rules (Redocly's, checked in test/openapi-lint.test.ts) hold and a generated client reads it well:
 * a server, an operationId on every operation, and a `type` beside every `nullable`. Paths and schemas stay
 * as the routes state them.
 */

type Json = Record<string, unknown>;
type Document = Json & { paths?: Record<string, Record<string, Json>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `member-import`, `export.csv` → `MemberImport`, `ExportCsv`. */
const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() + word.slice(1))
    .join('');

/**
 * The operationId of a route that names none: its method and path, `api` left out and each `{param}` read as
 * "By Param", so `GET /api/tenants/member/{id}/transactions` is `getTenantsMemberByIdTransactions`. Derived
 * from the path alone, it stays put as long as the route does, and two routes cannot share one.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)?.[1];
      return param ? `By${pascal(param)}` : pascal(segment);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/**
 * zod writes a nullable union as `{nullable, anyOf: [...]}`; OpenAPI 3.0 lets `nullable` mean something only
 * beside a `type`. When every branch has the same type, that type goes beside it; otherwise each branch is made
 * nullable itself. Either way the values allowed are the same.
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    const types = new Set(branches.map((branch) => branch.type));
    const [only] = types;
    if (types.size === 1 && typeof only === 'string') schema.type = only;
    else {
      for (const branch of branches) branch.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(schema)) typeNullables(value);
}

/** The generated document with a server, every operation's operationId and typed nullables. */
export function finishDocument<D extends object>(generated: D): D {
  const document = generated as Document;
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (METHODS.has(method) && operation.operationId === undefined) {
        operation.operationId = operationIdOf(method, path);
      }
    }
  }
  typeNullables(document.paths);
  typeNullables(document.components);
  // Every path starts at this server's root (`/api/...`, `/join/...`), wherever it is deployed.
  return { ...document, servers: document.servers ?? [{ url: '/', description: 'This server' }] } as D;
}
