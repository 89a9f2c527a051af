import { type ApiKeyScope, apiErrorSchema, type Page } from '@loyalty/contracts';
import type { FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import type { Access } from './access-levels';
import type { fileAnswer } from './openapi-answers';
import { toPage } from './page';

/** The error statuses a route may answer, every one in the single error shape `{status, error?, message, errors?}`. */
type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 503;

type ErrorResponses<S extends ErrorStatus> = { [K in S]: typeof apiErrorSchema };

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
  return { public: options('public'), account: options('account'), staff: options('staff'), admin: options('admin') };
}

/** The page answer of a list read: the rows and total a repository found for the query's page and size. */
export async function pageAnswer<T>(
  query: { page: number; size: number },
  found: Promise<{ rows: T[]; total: number }>,
): Promise<Page<T>> {
  const { rows, total } = await found;
  return toPage(rows, total, query.page, query.size);
}

/** 201 with what a create made. */
export async function created<T>(reply: FastifyReply, made: Promise<T>) {
  return reply.code(201).send(await made);
}

/** 204 and no body once a delete is done. */
export async function deleted(reply: FastifyReply, done: Promise<unknown>) {
  await done;
  return reply.code(204).send(null);
}
