import { type ApiKeyScope, apiErrorSchema, type Page, toPage } from '@loyalty/contracts';
import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import type { Database } from '../db/client';
import type { Access } from './access-levels';
import { sendCsv } from './csv';
import { foundOr404 } from './errors';
import { fileAnswer, MEDIA } from './openapi-answers';

/** The error statuses a route may answer, every one in the single error shape `{status, error?, message, errors?}`. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof apiErrorSchema };

/** The app a routes plugin is given, its schemas typed by zod. */
type App = Parameters<FastifyPluginAsyncZod>[0];

/** The request of a route whose `:params` a zod schema reads (its tenant already resolved by the guards). */
export type ParamsRequest<P extends ZodType> = FastifyRequest & { params: z.output<P> };

/** The request of a create, its body read by the route's zod schema. */
export type BodyRequest<B extends ZodType> = FastifyRequest & { body: z.output<B> };

/** The request of a CSV download, its query and `:params` read by the route's zod schemas. */
type CsvRequest<Q extends ZodType, P extends ZodType> = FastifyRequest & { query: z.output<Q>; params: z.output<P> };

/** A CSV download: its file name, header row and the rows, in chunks as a repository streams them. */
type CsvFile = { name: string; header: readonly string[]; rows: AsyncIterable<readonly (string | number | null)[][]> };

/** The row type of a page answer's schema. */
type PageRow<R extends ZodType> = z.input<R> extends { content: (infer T)[] } ? T : never;

/** What one route states itself: its summary, inputs and success answers (its module adds tags and errors). */
type RouteSchema = {
  summary?: string;
  params?: ZodType;
  querystring?: ZodType;
  headers?: ZodType;
  body?: ZodType;
  consumes?: string[];
  // A JSON answer's zod schema, or a file's media type (lib/openapi-answers.ts).
  response: Record<number, ZodType | ReturnType<typeof fileAnswer>>;
};

/**
 * The one recipe of an API module's routes: its OpenAPI tags and error answers written once, and a helper per
 * access level (plugins/access.ts puts the guards behind it: sign-in, tenant, role) that builds the route
 * options Fastify takes. A routes file then states only its paths, schemas and handlers:
 *
 *   const route = routeRecipe(['members'], [400, 401, 403, 404, 409]);
 *   app.get('/api/tenants/member/:id', route.staff({ summary, params, response: { 200: schema } }), handler);
 *
 * A route that API keys may call names the scope they need: `route.staff(schema, 'members:read')`; every
 * other route refuses keys (403). The scope is also stated in the OpenAPI document.
 *
 * The shapes many modules share are one call each, so a module states only what is its own:
 *   route.page(app, '/api/tenants/users', { access: 'staff', summary, querystring, response }, listTenantUsers);
 *   route.list(app, '/api/tenants/api-keys', { access: 'admin', summary, response }, listApiKeys);
 *   route.one(app, '/api/tenants/webhooks/:id', { access: 'admin', summary, params, response }, findEndpoint, '…');
 *   route.create(app, '/api/tenants/rewards', { summary, body, response }, (request) => saveReward(…));
 *   route.csv(app, '/api/tenants/reports/staff-activity.csv', { summary, querystring, rows }, (request) => file);
 *   route.remove(app, '/api/tenants/rewards/:id', { summary, params }, (request) => removeReward(…));
 */
export function routeRecipe<const S extends ErrorStatus>(tags: string[], statuses: readonly S[]) {
  const errors = Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as ErrorResponses<S>;
  const options =
    (access: Access) =>
    <const R extends RouteSchema>(schema: R, scope?: ApiKeyScope) => {
      const config: { access: Access; scope?: ApiKeyScope } = scope ? { access, scope } : { access };
      // OpenAPI 3.0 lists scopes only for OAuth: the key's scope is stated beside the requirement instead.
      const security: Record<string, string[]>[] = [{ bearer: [] }, { apiKey: [] }];
      const keyDoc: { security?: typeof security; 'x-api-key-scope'?: ApiKeyScope } = scope
        ? { security, 'x-api-key-scope': scope }
        : {};
      return {
        config,
        schema: {
          tags,
          ...schema,
          ...keyDoc,
          response: { ...schema.response, ...errors } as R['response'] & ErrorResponses<S>,
        },
      };
    };
  const access = {
    public: options('public'),
    account: options('account'),
    staff: options('staff'),
    admin: options('admin'),
  };
  // The shared routes below widen their options: Fastify cannot resolve a reply type from this recipe's generic
  // error statuses, so each helper's own parameter types tie its callbacks to its schemas instead.
  const widened = (built: { config: { access: Access; scope?: ApiKeyScope }; schema: object }) =>
    built as { config: typeof built.config; schema: FastifySchema };

  /**
   * GET `url`: the page of the tenant's rows that `list` finds for the query (its page, size and filters).
   */
  function page<Q extends ZodType<{ page: number; size: number }>, R extends ZodType>(
    app: App,
    url: string,
    schema: { access: 'staff' | 'admin'; summary: string; querystring: Q; response: R },
    list: (db: Database, tenantId: string, query: z.output<Q>) => Promise<{ rows: PageRow<R>[]; total: number }>,
  ) {
    const { summary, querystring, response } = schema;
    app.get(
      url,
      widened(access[schema.access]({ summary, querystring, response: { 200: response } })),
      async (request) => {
        const query = request.query as z.output<Q>;
        return pageAnswer(query, list(app.db, request.tenant.tenantId, query));
      },
    );
  }

  /** GET `url`: the tenant's whole list as `read` finds it; no query, no params. */
  function list<R extends ZodType>(
    app: App,
    url: string,
    schema: { access: 'staff' | 'admin'; summary: string; response: R },
    read: (db: Database, tenantId: string) => Promise<z.input<R>>,
  ) {
    const { summary, response } = schema;
    app.get(url, widened(access[schema.access]({ summary, response: { 200: response } })), async (request) =>
      read(app.db, request.tenant.tenantId),
    );
  }

  /** GET `url`: the tenant's row of the `:id` that `find` finds, or 404 with `missing`. */
  function one<P extends ZodType<{ id: string }>, R extends ZodType>(
    app: App,
    url: string,
    schema: { access: 'staff' | 'admin'; summary: string; params: P; response: R },
    find: (db: Database, tenantId: string, id: string) => Promise<z.input<R> | undefined>,
    missing: string,
  ) {
    const { summary, params, response } = schema;
    app.get(url, widened(access[schema.access]({ summary, params, response: { 200: response } })), async (request) => {
      const { id } = request.params as z.output<P>;
      return foundOr404(await find(app.db, request.tenant.tenantId, id), missing);
    });
  }

  /** POST `url` (admin and owner; an API key with `scope`): 201 with what `make` made of the body. */
  function create<B extends ZodType, R extends ZodType>(
    app: App,
    url: string,
    schema: { summary: string; body: B; response: R },
    make: (request: BodyRequest<B>) => Promise<z.input<R>>,
    scope?: ApiKeyScope,
  ) {
    const { summary, body, response } = schema;
    const options = widened(access.admin({ summary, body, response: { 201: response } }, scope));
    app.post(url, options, async (request, reply) => reply.code(201).send(await make(request as BodyRequest<B>)));
  }

  /**
   * GET `url` (admin and owner, or every role with `access: 'staff'`): a CSV download (lib/csv.ts: UTF-8 with BOM, streamed, formula-like text made
   * inert) of the `file` the request asks for; `rows` says in the OpenAPI document what its rows are.
   */
  function csv<Q extends ZodType, P extends ZodType>(
    app: App,
    url: string,
    schema: { summary: string; querystring?: Q; params?: P; rows: string; access?: 'staff' | 'admin' },
    file: (request: CsvRequest<Q, P>) => Promise<CsvFile> | CsvFile,
  ) {
    const { rows, access: who = 'admin', ...inputs } = schema;
    const response = { 200: fileAnswer(MEDIA.csv, rows) };
    app.get(url, widened(access[who]({ ...inputs, produces: ['text/csv'], response })), async (request, reply) => {
      const { name, header, rows } = await file(request as CsvRequest<Q, P>);
      return sendCsv(reply, name, header, rows);
    });
  }

  /** DELETE `url` (admin and owner; an API key with `scope`): 204 and no body once `remove` is done. */
  function remove<P extends ZodType>(
    app: App,
    url: string,
    schema: { summary: string; params: P },
    remove: (request: ParamsRequest<P>) => Promise<unknown>,
    scope?: ApiKeyScope,
  ) {
    const options = widened(access.admin({ ...schema, response: { 204: z.null() } }, scope));
    app.delete(url, options, async (request, reply) => {
      await remove(request as ParamsRequest<P>);
      return reply.code(204).send(null);
    });
  }

  return { ...access, page, list, one, create, csv, remove };
}

/** The page answer of a list read: the rows and total a repository found for the query's page and size. */
export async function pageAnswer<T>(
  query: { page: number; size: number },
  found: Promise<{ rows: T[]; total: number }>,
): Promise<Page<T>> {
  const { rows, total } = await found;
  return toPage(rows, total, query.page, query.size);
}
