import { SETTINGS_MESSAGES } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Database } from '../db/client';
import { recordChangeOf } from './audit';
import type { ChangeFeed, RecordChange } from './changes';
import { foundOr404 } from './errors';
import { assertOwnUploads } from './own-upload';
import { routeRecipe } from './route-recipe';

/** What differs between the tenant's one-record settings (wallet pass, points conversion, store, business, setup). */
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
  /** Saves and tells the change feed (its audit event, its screens) through `recordChange`, in one transaction. */
  save: (db: Database, tenantId: string, body: B, recordChange: RecordChange, changes: ChangeFeed) => Promise<T>;
  /** Image fields of the body that must be this tenant's own uploads. */
  images?: readonly Extract<{ [K in keyof B]: B[K] extends string ? K : never }[keyof B], string>[];
  /** The OpenAPI tags: ['settings'] unless the record has its own. */
  tags?: string[];
  /** The two routes' own summaries, where the generated ones do not fit the record. */
  summaries?: { read: string; save: string };
  /** Who reads the record: staff unless it is for admins only. */
  readAccess?: 'staff' | 'admin';
};

/**
 * The routes of a settings record the tenant has at most one of (docs/spec/data-screens.md §3; docs/design.md §4): staff
 * (or only admins) read it (404 until saved), admin and owner save it (insert or replace, in one statement).
 */
export function settingsRoutes<T, B>(spec: SettingsSpec<T, B>): FastifyPluginAsyncZod {
  const title = spec.name.charAt(0).toUpperCase() + spec.name.slice(1);
  const summaries = spec.summaries ?? {
    read: `${title} of the tenant; 404 when none are saved`,
    save: `Save the ${spec.name} (insert or replace, in one statement)`,
  };
  const route = routeRecipe(spec.tags ?? ['settings'], [400, 401, 403, 404]);
  // Widened here: Fastify cannot resolve a reply type from a generic schema; the spec's own types tie
  // find and save to its schemas at each call site.
  const schema: ZodType = spec.schema;
  const bodySchema: ZodType = spec.body;
  return async (app) => {
    app.get(
      spec.path,
      route[spec.readAccess ?? 'staff']({ summary: summaries.read, response: { 200: schema } }),
      async (request) => foundOr404(await spec.find(app.db, request.tenant.tenantId), spec.missing),
    );

    app.route({
      method: spec.saveMethod,
      url: spec.path,
      ...route.admin({
        summary: summaries.save,
        body: bodySchema,
        response: { 200: schema },
      }),
      handler: async (request) => {
        const { tenantId } = request.tenant;
        const body = request.body as B & Record<string, string>;
        await assertOwnUploads(app.db, tenantId, body, spec.images ?? [], SETTINGS_MESSAGES.foreignImage);
        return spec.save(app.db, tenantId, body, recordChangeOf(request), app.changes);
      },
    });
  };
}
