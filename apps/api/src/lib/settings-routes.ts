import { SETTINGS_MESSAGES } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Database } from '../db/client';
import { type AuditTrail, trailOf } from './audit';
import type { ChangeFeed } from './changes';
import { foundOr404 } from './errors';
import { assertOwnUploads } from './own-upload';
import { routeRecipe } from './route-recipe';

const route = routeRecipe(['settings'], [400, 401, 403, 404]);

/** What differs between the tenant's one-record settings (wallet pass, points conversion, store). */
type SettingsSpec<T, B> = {
  path: string;
  /** How the summaries name the record, lower case: 'store settings'. */
  name: string;
  /** The 404 message when none is saved yet. */
  missing: string;
  saveMethod: 'PUT' | 'POST';
  schema: ZodType<T>;
  body: ZodType<B>;
  find: (db: Database, tenantId: string) => Promise<T | undefined>;
  /** Saves and appends the audit event through `trail`, in one transaction. */
  save: (db: Database, tenantId: string, body: B, trail: AuditTrail, changes: ChangeFeed) => Promise<T>;
  /** Image fields of the body that must be this tenant's own uploads. */
  images?: readonly Extract<{ [K in keyof B]: B[K] extends string ? K : never }[keyof B], string>[];
};

/**
 * The routes of a settings record the tenant has at most one of (docs/spec/data-screens.md §3; docs/design.md §4): staff
 * read it (404 until saved), admin and owner save it (insert or replace, in one statement).
 */
export function settingsRoutes<T, B>(spec: SettingsSpec<T, B>): FastifyPluginAsyncZod {
  const title = spec.name.charAt(0).toUpperCase() + spec.name.slice(1);
  // Widened here: Fastify cannot resolve a reply type from a generic schema; the spec's own types tie
  // find and save to its schemas at each call site.
  const schema: ZodType = spec.schema;
  const bodySchema: ZodType = spec.body;
  return async (app) => {
    app.get(
      spec.path,
      route.staff({ summary: `${title} of the tenant; 404 when none are saved`, response: { 200: schema } }),
      async (request) => foundOr404(await spec.find(app.db, request.tenant.tenantId), spec.missing),
    );

    app.route({
      method: spec.saveMethod,
      url: spec.path,
      ...route.admin({
        summary: `Save the ${spec.name} (insert or replace, in one statement)`,
        body: bodySchema,
        response: { 200: schema },
      }),
      handler: async (request) => {
        const { tenantId } = request.tenant;
        const body = request.body as B & Record<string, string>;
        await assertOwnUploads(app.db, tenantId, body, spec.images ?? [], SETTINGS_MESSAGES.foreignImage);
        return spec.save(app.db, tenantId, body, trailOf(request), app.changes);
      },
    });
  };
}
