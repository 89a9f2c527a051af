import {
  apiErrorSchema,
  branchOnlyBodySchema,
  idempotencyKeySchema,
  memberIdParamsSchema,
  orderRefundParamsSchema,
  refundBodySchema,
  refundParamsSchema,
  reversalParamsSchema,
  transactionBodySchema,
  transactionResultSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorAccountId } from '../../lib/actor';
import { recordedByOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { assertRole } from '../../plugins/access';
import { recorderOf, resolveEntryBranch } from '../branches';
import { transactionCommand } from './commands';

const route = routeRecipe(['members'], [400, 401, 403, 404, 409]);

/**
 * Points written at the counter, in the dashboard or by an API key: each request is one ledger command
 * (app.ledger, built in app.ts with the listeners that hear it).
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const recordOptions = route.staff(
    {
      summary: 'Record a purchase, a redemption or (admin) an adjustment; Idempotency-Key records once',
      params: memberIdParamsSchema,
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
      body: transactionBodySchema,
      // 409 DUPLICATE_ORDER: the order id was recorded with another purchase. 422: the Idempotency-Key was
      // already used with a different body, or the purchase is beyond a limit (POINTS_CAP, DAILY_LIMIT,
      // NEEDS_ADMIN).
      response: { 200: transactionResultSchema, 201: transactionResultSchema, 422: apiErrorSchema },
    },
    'transactions:write',
  );
  app.post(
    '/api/tenants/member/:id/transactions',
    // Points on a member change no membership: the membership cache stays (plugins/tenant.ts).
    { ...recordOptions, config: { ...recordOptions.config, keepsMemberships: true } },
    async (request, reply) => {
      if (request.body.type === 'ADJUST') assertRole(request, 'admin');
      const { tenantId } = request.tenant;
      // The branch it is recorded at, held to the recorder's branches (docs/design.md §10): the one step here.
      const branchId = await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId);
      const { result } = await app.ledger.run(
        app.db,
        transactionCommand(request.body, {
          tenantId,
          memberId: request.params.id,
          accountId: actorAccountId(request),
          recordedBy: recordedByOf(request),
          idempotencyKey: request.headers['idempotency-key'],
          byStaff: !request.apiKey && request.tenant.role === 'staff',
          branchId,
        }),
      );
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/tenants/member/:id/transactions/:entryId/reversal',
    route.staff(
      {
        summary:
          'Reverse a purchase or redemption of the last 10 minutes with a REVERSAL entry; 409 when already reversed, its points spent, or too late',
        params: reversalParamsSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: branchOnlyBodySchema,
        // 422: the Idempotency-Key was already used for another request.
        response: { 200: transactionResultSchema, 201: transactionResultSchema, 422: apiErrorSchema },
      },
      'transactions:write',
    ),
    async (request, reply) => {
      const { tenantId } = request.tenant;
      const { id, entryId } = request.params;
      const { result } = await app.ledger.run(app.db, {
        type: 'reversal',
        tenantId,
        memberId: id,
        entryId,
        accountId: actorAccountId(request),
        recordedBy: recordedByOf(request),
        idempotencyKey: request.headers['idempotency-key'],
        branchId: await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId),
      });
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  const refundSummary =
    'Refund part or all of a purchase with a REFUND entry: its points back by cumulative floor, its amount from lifetime spend; 409 REFUND_EXCEEDS_PURCHASE, REFUND_WINDOW_PASSED, NOT_REFUNDABLE';
  const refundAnswers = { 200: transactionResultSchema, 201: transactionResultSchema, 422: apiErrorSchema };

  app.post(
    '/api/tenants/member/:id/transactions/:entryId/refund',
    route.staff({
      summary: refundSummary,
      params: refundParamsSchema,
      headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
      body: refundBodySchema,
      response: refundAnswers,
    }),
    async (request, reply) => {
      const { id, entryId } = request.params;
      const { result } = await app.ledger.run(app.db, {
        type: 'refund',
        tenantId: request.tenant.tenantId,
        memberId: id,
        entryId,
        amount: request.body.amount,
        accountId: actorAccountId(request),
        recordedBy: recordedByOf(request),
        idempotencyKey: request.headers['idempotency-key'],
        branchId: await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId),
      });
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/tenants/orders/:orderId/refund',
    route.staff(
      {
        summary: `${refundSummary}; the purchase found by the business's order id`,
        params: orderRefundParamsSchema,
        headers: z.object({ 'idempotency-key': idempotencyKeySchema.optional() }),
        body: refundBodySchema,
        response: refundAnswers,
      },
      'transactions:write',
    ),
    async (request, reply) => {
      const { result } = await app.ledger.run(app.db, {
        type: 'refund',
        tenantId: request.tenant.tenantId,
        orderId: request.params.orderId,
        amount: request.body.amount,
        accountId: actorAccountId(request),
        recordedBy: recordedByOf(request),
        idempotencyKey: request.headers['idempotency-key'],
        branchId: await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId),
      });
      return reply.code(result.replayed ? 200 : 201).send(result);
    },
  );
};
