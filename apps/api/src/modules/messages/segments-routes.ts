import {
  segmentInputSchema,
  segmentParamsSchema,
  segmentPreviewBodySchema,
  segmentPreviewSchema,
  segmentSchema,
  segmentsListSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNIQUE_VIOLATION, violation } from '../../db/violation';
import { recordChangeOf } from '../../lib/audit';
import { AppError, foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import {
  deleteSegment,
  findSegment,
  insertSegment,
  listSegments,
  previewSegment,
  updateSegment,
} from './segments-repository';

const route = routeRecipe(['messages'], [400, 401, 403, 404, 409]);
const NOT_FOUND = 'Segment not found';
const NAME_TAKEN = 'A segment with this name exists';

const nameTaken = (error: unknown) =>
  violation(error, UNIQUE_VIOLATION) === undefined
    ? error
    : new AppError(409, NAME_TAKEN, { error: 'CONFLICT', errors: { name: NAME_TAKEN } });

/** Segments: a filter over the members, previewed live and saved by name (admin or owner; docs/design.md §9). */
export const segmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/tenants/segments/preview',
    route.admin({
      summary: 'How many members a filter holds, how many a message would reach, and a sample',
      body: segmentPreviewBodySchema,
      response: { 200: segmentPreviewSchema },
    }),
    async (request) => previewSegment(app.db, request.tenant.tenantId, request.body.filter),
  );

  route.list(
    app,
    '/api/tenants/segments',
    { access: 'admin', summary: 'Saved segments, by name', response: segmentsListSchema },
    listSegments,
  );

  route.one(
    app,
    '/api/tenants/segments/:id',
    { access: 'admin', summary: 'One saved segment', params: segmentParamsSchema, response: segmentSchema },
    findSegment,
    NOT_FOUND,
  );

  route.create(
    app,
    '/api/tenants/segments',
    { summary: 'Save a segment', body: segmentInputSchema, response: segmentSchema },
    (request) =>
      app.db
        .transaction(async (tx) => {
          const made = await insertSegment(tx, request.tenant.tenantId, request.body);
          await recordChangeOf(request)(tx, 'segments', {
            action: 'segment.create',
            target: { type: 'segment', id: made.id },
            after: made,
          });
          return made;
        })
        .catch((error) => Promise.reject(nameTaken(error))),
  );

  app.put(
    '/api/tenants/segments/:id',
    route.admin({
      summary: 'Rename a segment or change its filter',
      params: segmentParamsSchema,
      body: segmentInputSchema,
      response: { 200: segmentSchema },
    }),
    async (request) =>
      app.db
        .transaction(async (tx) => {
          const { tenantId } = request.tenant;
          const before = foundOr404(await findSegment(tx, tenantId, request.params.id), NOT_FOUND);
          const after = foundOr404(await updateSegment(tx, tenantId, request.params.id, request.body), NOT_FOUND);
          await recordChangeOf(request)(tx, 'segments', {
            action: 'segment.update',
            target: { type: 'segment', id: after.id },
            before,
            after,
          });
          return after;
        })
        .catch((error) => Promise.reject(nameTaken(error))),
  );

  route.remove(
    app,
    '/api/tenants/segments/:id',
    { summary: 'Delete a segment', params: segmentParamsSchema },
    (request) =>
      app.db.transaction(async (tx) => {
        const before = foundOr404(await deleteSegment(tx, request.tenant.tenantId, request.params.id), NOT_FOUND);
        await recordChangeOf(request)(tx, 'segments', {
          action: 'segment.delete',
          target: { type: 'segment', id: before.id },
          before,
        });
      }),
  );
};
