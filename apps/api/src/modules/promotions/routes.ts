import {
  memberIdParamsSchema,
  promotionBodySchema,
  promotionIdParamsSchema,
  promotionListSchema,
  promotionSchema,
  promotionSimulationBodySchema,
  promotionSimulationSchema,
  purchasePreviewBodySchema,
  purchasePreviewSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { routeRecipe } from '../../lib/route-recipe';
import { previewPurchase } from './preview';
import { listPromotions } from './repository';
import { getPromotion, removePromotion, savePromotion } from './service';
import { simulatePromotion } from './simulate';

const route = routeRecipe(['promotions'], [400, 401, 403, 404, 409]);

/**
 * Promotions (docs/design.md §10): every role reads, admin and owner write; the simulator (admin and owner, as it
 * serves the dialog that saves) and the counter's preview of a purchase (staff+).
 */
export const promotionsRoutes: FastifyPluginAsyncZod = async (app) => {
  route.list(
    app,
    '/api/tenants/promotions',
    { access: 'staff', summary: 'Every promotion, active first', response: promotionListSchema },
    listPromotions,
  );
  app.post(
    '/api/tenants/promotions/simulate',
    route.admin({
      summary:
        "What a draft promotion would have added on top of the active ones over the window's purchases not reversed (default the last 90 days)",
      body: promotionSimulationBodySchema,
      response: { 200: promotionSimulationSchema },
    }),
    async (request) => simulatePromotion(app.db, request.tenant.tenantId, request.body),
  );
  app.get(
    '/api/tenants/promotions/:id',
    route.staff({ summary: 'One promotion', params: promotionIdParamsSchema, response: { 200: promotionSchema } }),
    async (request) => getPromotion(app.db, request.tenant.tenantId, request.params.id),
  );
  route.create(
    app,
    '/api/tenants/promotions',
    { summary: 'Create a promotion; 409 TOO_MANY_PROMOTIONS', body: promotionBodySchema, response: promotionSchema },
    (request) => savePromotion(app.db, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );
  app.put(
    '/api/tenants/promotions/:id',
    route.admin({
      summary: 'Replace a promotion (from the next purchase on)',
      params: promotionIdParamsSchema,
      body: promotionBodySchema,
      response: { 200: promotionSchema },
    }),
    async (request) =>
      savePromotion(app.db, request.tenant.tenantId, request.body, recordChangeOf(request), request.params.id),
  );
  route.remove(
    app,
    '/api/tenants/promotions/:id',
    { summary: 'Delete a promotion (the purchases it added to keep their points)', params: promotionIdParamsSchema },
    (request) => removePromotion(app.db, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );
  app.post(
    '/api/tenants/member/:id/transactions/preview',
    route.staff(
      {
        summary:
          'The points a purchase of this amount would earn now, with the promotions in force, before it is recorded',
        params: memberIdParamsSchema,
        body: purchasePreviewBodySchema,
        response: { 200: purchasePreviewSchema },
      },
      'transactions:write',
    ),
    async (request) => previewPurchase(app.db, request.tenant.tenantId, request.params.id, request.body),
  );
};
