import {
  apiErrorSchema,
  branchOnlyBodySchema,
  claimParamsSchema,
  idempotencyKeySchema,
  memberIdParamsSchema,
  memberRewardParamsSchema,
  memberRewardsPanelSchema,
  type RedeemAnswer,
  redeemAnswerSchema,
  redemptionParamsSchema,
  redemptionSchema,
  rewardBodySchema,
  rewardIdParamsSchema,
  rewardListSchema,
  rewardSchema,
} from '@loyalty/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorAccountId } from '../../lib/actor';
import { recordChangeOf, recordedByOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { recorderOf, resolveEntryBranch } from '../branches';
import { redeemClaim } from './claims';
import { memberRewardsPanel } from './panel';
import { cancelRedemption, fulfilRedemption, redeemReward } from './redeem';
import { listRewards } from './repository';
import { getReward, removeReward, saveReward } from './service';

const route = routeRecipe(['rewards'], [400, 401, 403, 404, 409]);
const keyHeader = z.object({ 'idempotency-key': idempotencyKeySchema.optional() });

/** Who redeems, for the ledger and the audit, and the Idempotency-Key that records a redemption once. */
const redeemerOf = async (
  app: { db: Parameters<typeof resolveEntryBranch>[0] },
  request: FastifyRequest & { headers: z.output<typeof keyHeader>; body: z.output<typeof branchOnlyBodySchema> },
) => ({
  tenantId: request.tenant.tenantId,
  accountId: actorAccountId(request),
  recordedBy: recordedByOf(request),
  idempotencyKey: request.headers['idempotency-key'],
  // Where it is redeemed, held to the recorder's branches (docs/design.md §10).
  branchId: await resolveEntryBranch(app.db, recorderOf(request), request.body.branchId),
});

/** 201 with a new redemption, 200 with the one an Idempotency-Key already recorded. */
async function sendRedeemed(reply: FastifyReply, redeemed: Promise<{ answer: RedeemAnswer; replayed: boolean }>) {
  const { answer, replayed } = await redeemed;
  return reply.code(replayed ? 200 : 201).send(answer);
}

/** Rewards (docs/design.md §9): every role reads, admin and owner write; staff redeem and fulfil, admins cancel. */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  route.list(
    app,
    '/api/tenants/rewards',
    { access: 'staff', summary: 'Every reward, cheapest first', response: rewardListSchema },
    listRewards,
  );
  app.get(
    '/api/tenants/rewards/:id',
    route.staff({ summary: 'One reward', params: rewardIdParamsSchema, response: { 200: rewardSchema } }),
    async (request) => getReward(app.db, request.tenant.tenantId, request.params.id),
  );
  route.create(
    app,
    '/api/tenants/rewards',
    { summary: 'Create a reward', body: rewardBodySchema, response: rewardSchema },
    (request) => saveReward(app.db, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );
  app.put(
    '/api/tenants/rewards/:id',
    route.admin({
      summary: 'Replace a reward',
      params: rewardIdParamsSchema,
      body: rewardBodySchema,
      response: { 200: rewardSchema },
    }),
    async (request) =>
      saveReward(app.db, request.tenant.tenantId, request.body, recordChangeOf(request), request.params.id),
  );
  route.remove(
    app,
    '/api/tenants/rewards/:id',
    { summary: 'Delete a reward (its redemptions keep its name)', params: rewardIdParamsSchema },
    (request) => removeReward(app.db, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );

  app.get(
    '/api/tenants/member/:id/rewards',
    route.staff({
      summary: 'The rewards the member can have now, how far they are from the others, and their latest redemptions',
      params: memberIdParamsSchema,
      response: { 200: memberRewardsPanelSchema },
    }),
    async (request) => memberRewardsPanel(app.db, request.tenant.tenantId, request.params.id),
  );

  const redeemAnswers = { 200: redeemAnswerSchema, 201: redeemAnswerSchema, 410: apiErrorSchema, 422: apiErrorSchema };
  app.post(
    '/api/tenants/member/:id/rewards/:rewardId/redeem',
    route.staff(
      {
        summary:
          'Redeem a reward: a REDEEM entry naming it; 409 INSUFFICIENT_POINTS, OUT_OF_STOCK, LIMIT_REACHED, NOT_ELIGIBLE, NOT_AVAILABLE; Idempotency-Key records once',
        params: memberRewardParamsSchema,
        headers: keyHeader,
        body: branchOnlyBodySchema,
        response: redeemAnswers,
      },
      'transactions:write',
    ),
    async (request, reply) =>
      sendRedeemed(
        reply,
        redeemReward(app.db, app, {
          ...(await redeemerOf(app, request)),
          memberId: request.params.id,
          rewardId: request.params.rewardId,
        }),
      ),
  );
  app.post(
    '/api/tenants/reward-claims/:claimCode/redeem',
    route.staff(
      {
        summary:
          "Redeem the code a customer claimed on the phone; 404 unknown here, 409 CLAIM_USED, 410 CLAIM_EXPIRED, and the reward's refusals",
        params: claimParamsSchema,
        headers: keyHeader,
        body: branchOnlyBodySchema,
        response: redeemAnswers,
      },
      'transactions:write',
    ),
    async (request, reply) =>
      sendRedeemed(reply, redeemClaim(app.db, app, request.params.claimCode, await redeemerOf(app, request))),
  );
  app.post(
    '/api/tenants/reward-redemptions/:id/fulfil',
    route.staff({
      summary: 'The customer got the reward: ISSUED → FULFILLED',
      params: redemptionParamsSchema,
      response: { 200: redemptionSchema },
    }),
    async (request) =>
      fulfilRedemption(app.db, app.changes, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );
  app.post(
    '/api/tenants/reward-redemptions/:id/cancel',
    route.admin({
      summary: 'Cancel an issued redemption: its points back to their lots (a REVERSAL), one back to stock',
      params: redemptionParamsSchema,
      response: { 200: redeemAnswerSchema },
    }),
    async (request) =>
      cancelRedemption(app.db, app, {
        tenantId: request.tenant.tenantId,
        id: request.params.id,
        accountId: actorAccountId(request),
        recordedBy: recordedByOf(request),
        recordChange: recordChangeOf(request),
      }),
  );
};
