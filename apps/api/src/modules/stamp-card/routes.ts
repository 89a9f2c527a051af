import {
  apiErrorSchema,
  branchOnlyBodySchema,
  idempotencyKeySchema,
  memberIdParamsSchema,
  REVERSAL_MESSAGES,
  STAMP_MESSAGES,
  stampAddBodySchema,
  stampAnswerSchema,
  stampCardBodySchema,
  stampCardSchema,
  stampEntriesPageSchema,
  stampEntriesQuerySchema,
  stampReversalParamsSchema,
  toPage,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, Queries } from '../../db/client';
import { UNIQUE_VIOLATION, violation } from '../../db/violation';
import { actorAccountId } from '../../lib/actor';
import { recordChangeOf, recordedByOf } from '../../lib/audit';
import { AppError, conflict, foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { assertRole } from '../../plugins/access';
import { recorderOf, resolveEntryBranch } from '../branches';
import { listEntries, memberOfTenant } from './repository';
import { loadStampSettings, saveStampSettings, toStampCard } from './settings';
import { addStampsByRequest, duplicateStampOrder, reverseStampEntry } from './writer';

const route = routeRecipe(['stamp-card'], [400, 401, 403, 404, 409]);

/**
 * A stamp write in a transaction of its own. A race the unique indexes decide is the request's error: a second
 * reversal of one entry, an Idempotency-Key a concurrent write for another member took first, an order id two
 * concurrent adds named.
 */
async function inTransaction<T>(db: Database, work: (tx: Queries) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    const name = violation(error, UNIQUE_VIOLATION);
    if (name?.includes('reverses')) throw conflict(REVERSAL_MESSAGES.alreadyReversed, 'ALREADY_REVERSED');
    // Two adds naming one order at once: the second is another request for that order.
    if (name?.includes('order_key')) throw duplicateStampOrder();
    if (name?.includes('idempotency'))
      throw new AppError(409, 'This Idempotency-Key was already used for another member.', { error: 'CONFLICT' });
    throw error;
  }
}

/** Stamp cards (docs/design.md §10): the business's card, and stamps at the counter, in the dashboard or by a key. */
export const stampCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/stamp-card',
    route.staff({ summary: "The business's stamp card; 404 until it is saved", response: { 200: stampCardSchema } }),
    async (request) =>
      toStampCard(foundOr404(await loadStampSettings(app.db, request.tenant.tenantId), STAMP_MESSAGES.notFound)),
  );

  app.put(
    '/api/tenants/stamp-card',
    route.admin({
      summary: 'Save the stamp card: stamps per card, per visit or per amount, a daily cap, its reward and lapse',
      body: stampCardBodySchema,
      response: { 200: stampCardSchema },
    }),
    (request) => {
      const { tenantId } = request.tenant;
      const recordChange = recordChangeOf(request);
      return app.db.transaction(async (tx) => {
        const before = await loadStampSettings(tx, tenantId);
        const after = toStampCard(await saveStampSettings(tx, tenantId, request.body));
        await recordChange(tx, 'stamp-card', {
          action: 'settings.stamp-card.update',
          target: { type: 'stamp-card', id: tenantId },
          before: before ? toStampCard(before) : null,
          after,
        });
        // Every pass shows the card (docs/design.md §10): a change reaches them all through the design fan-out.
        await app.changes.publish(tx, tenantId, [{ type: 'cards.changed' }]);
        return after;
      });
    },
  );

  const addOptions = route.staff(
    {
      summary:
        'Add stamps without a purchase (PER_VISIT; 409 STAMPS_BY_PURCHASE otherwise), or (admin) take some away with a note; 422 STAMP_DAILY_LIMIT beyond the daily cap; Idempotency-Key records once',
      params: memberIdParamsSchema,
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
      body: stampAddBodySchema,
      response: { 200: stampAnswerSchema, 201: stampAnswerSchema, 422: apiErrorSchema },
    },
    'transactions:write',
  );
  app.post(
    '/api/tenants/member/:id/stamps',
    { ...addOptions, config: { ...addOptions.config, keepsMemberships: true } },
    async (request, reply) => {
      if (request.body.count < 0) assertRole(request, 'admin');
      // The branch it is recorded at, held to the recorder's branches as a purchase is (docs/design.md §10).
      const branchId = await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId);
      const result = await inTransaction(app.db, (tx) =>
        addStampsByRequest(
          tx,
          app.changes,
          {
            tenantId: request.tenant.tenantId,
            memberId: request.params.id,
            accountId: actorAccountId(request),
            recordedBy: recordedByOf(request),
            idempotencyKey: request.headers['idempotency-key'],
            branchId,
          },
          request.body,
        ),
      );
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/tenants/member/:id/stamps',
    route.staff(
      {
        summary: "The member's stamp entries, newest first",
        params: memberIdParamsSchema,
        querystring: stampEntriesQuerySchema,
        response: { 200: stampEntriesPageSchema },
      },
      'members:read',
    ),
    async (request) => {
      const { page, size } = request.query;
      // Another business's member is not found here, like every member route (the tenant-isolation matrix).
      foundOr404(await memberOfTenant(app.db, request.tenant.tenantId, request.params.id), 'Member not found');
      const { rows, total } = await listEntries(app.db, request.tenant.tenantId, request.params.id, page, size);
      return toPage(rows, total, page, size);
    },
  );

  app.post(
    '/api/tenants/member/:id/stamps/:entryId/reversal',
    route.staff(
      {
        summary:
          'Reverse stamps added in the last 10 minutes; a card they filled is restored and its reward cancelled (409 CARD_REDEEMED once handed over)',
        params: stampReversalParamsSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: branchOnlyBodySchema,
        response: { 200: stampAnswerSchema, 201: stampAnswerSchema, 422: apiErrorSchema },
      },
      'transactions:write',
    ),
    async (request, reply) => {
      const branchId = await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId);
      const result = await inTransaction(app.db, (tx) =>
        reverseStampEntry(tx, app.changes, {
          tenantId: request.tenant.tenantId,
          memberId: request.params.id,
          entryId: request.params.entryId,
          accountId: actorAccountId(request),
          recordedBy: recordedByOf(request),
          idempotencyKey: request.headers['idempotency-key'],
          branchId,
        }),
      );
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
