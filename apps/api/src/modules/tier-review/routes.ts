import {
  tierPolicyAnswerSchema,
  tierPolicyPreviewBodySchema,
  tierPolicyPreviewSchema,
  tierPolicySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { getPolicy } from '../points';
import { savePolicy } from './repository';
import { previewReview } from './review';

const route = routeRecipe(['tier-policy'], [400, 401, 403]);

/** The business's tier policy and the preview of its next review: every role reads, admins and the owner write. */
export const tierPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/tier-policy',
    route.staff({ summary: "The business's tier policy", response: { 200: tierPolicyAnswerSchema } }),
    (request) => getPolicy(app.db, request.tenant.tenantId),
  );

  app.put(
    '/api/tenants/tier-policy',
    route.admin({
      summary: 'Save the tier policy the daily review applies',
      body: tierPolicySchema,
      response: { 200: tierPolicyAnswerSchema },
    }),
    (request) => {
      const { tenantId } = request.tenant;
      const recordChange = recordChangeOf(request);
      return app.db.transaction(async (tx) => {
        const before = await getPolicy(tx, tenantId);
        const after = await savePolicy(tx, tenantId, request.body);
        await recordChange(tx, 'tier-policy', {
          action: 'settings.tier-policy.update',
          target: { type: 'tier-policy', id: tenantId },
          before: before.saved ? before : null,
          after,
        });
        return after;
      });
    },
  );

  app.get(
    '/api/tenants/tier-policy/preview',
    route.staff({
      summary: 'What the next review does under the saved policy',
      response: { 200: tierPolicyPreviewSchema },
    }),
    async (request) => {
      const { tenantId } = request.tenant;
      return previewReview(app.db, tenantId, await getPolicy(app.db, tenantId), new Date());
    },
  );

  app.post(
    '/api/tenants/tier-policy/preview',
    route.admin({
      summary: 'What the next review would do under a policy not saved yet',
      body: tierPolicyPreviewBodySchema,
      response: { 200: tierPolicyPreviewSchema },
    }),
    (request) => {
      const { policy } = request.body;
      const months = policy.basis === 'ROLLING_MONTHS' ? (policy.months ?? null) : null;
      return previewReview(app.db, request.tenant.tenantId, { ...policy, months, saved: false }, new Date());
    },
  );
};
