import {
  createdWebhookSchema,
  deliveriesPageSchema,
  deliveriesQuerySchema,
  deliveryParamsSchema,
  deliverySchema,
  webhookInputSchema,
  webhookParamsSchema,
  webhookSchema,
  webhooksListSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { recordChangeOf } from '../../lib/audit';
import { foundOr404, notFound } from '../../lib/errors';
import { pageAnswer, routeRecipe } from '../../lib/route-recipe';
import type { webhookJobs } from './delivery-job';
import { deleteEndpoint, findEndpoint, listDeliveries, listEndpoints } from './repository';
import { startRetentionSweep } from './retention';
import { addEndpoint, changeEndpoint, retryDelivery } from './service';

const route = routeRecipe(['webhooks'], [400, 401, 403, 404]);
const NOT_FOUND = 'Webhook not found';

/** Webhook endpoints (docs/design.md §8): admin and owner only, never an API key. */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  config: Config;
  /** The delivery job (defined with the app's change listeners in app.ts), for a delivery sent again. */
  deliver: ReturnType<typeof webhookJobs>['deliver'];
}> = async (app, opts) => {
  const { allowPrivate } = opts.config.webhooks;
  const { deliver } = opts;
  const stopSweep = startRetentionSweep(app.db, opts.config.webhooks.retentionDays, app.log);
  app.addHook('onClose', stopSweep);

  route.create(
    app,
    '/api/tenants/webhooks',
    {
      summary: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
      body: webhookInputSchema,
      response: createdWebhookSchema,
    },
    (request) => addEndpoint(app.db, allowPrivate, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );

  route.list(
    app,
    '/api/tenants/webhooks',
    { access: 'admin', summary: 'The webhook endpoints, newest first', response: webhooksListSchema },
    listEndpoints,
  );

  route.one(
    app,
    '/api/tenants/webhooks/:id',
    { access: 'admin', summary: 'One webhook endpoint', params: webhookParamsSchema, response: webhookSchema },
    findEndpoint,
    NOT_FOUND,
  );

  app.put(
    '/api/tenants/webhooks/:id',
    route.admin({
      summary: 'Change an endpoint; enabling it again clears why the server turned it off',
      params: webhookParamsSchema,
      body: webhookInputSchema,
      response: { 200: webhookSchema },
    }),
    async (request) =>
      changeEndpoint(
        app.db,
        allowPrivate,
        request.tenant.tenantId,
        request.params.id,
        request.body,
        recordChangeOf(request),
      ),
  );

  route.remove(
    app,
    '/api/tenants/webhooks/:id',
    { summary: 'Remove an endpoint and its deliveries', params: webhookParamsSchema },
    async (request) => {
      if (!(await deleteEndpoint(app.db, request.tenant.tenantId, request.params.id, recordChangeOf(request))))
        throw notFound(NOT_FOUND);
    },
  );

  app.get(
    '/api/tenants/webhooks/:id/deliveries',
    route.admin({
      summary: 'The endpoint’s deliveries, newest first: status, attempts, last response code',
      params: webhookParamsSchema,
      querystring: deliveriesQuerySchema,
      response: { 200: deliveriesPageSchema },
    }),
    async (request) => {
      const { tenantId } = request.tenant;
      foundOr404(await findEndpoint(app.db, tenantId, request.params.id), NOT_FOUND);
      const { page, size } = request.query;
      return pageAnswer(request.query, listDeliveries(app.db, tenantId, request.params.id, page, size));
    },
  );

  app.post(
    '/api/tenants/webhooks/:id/deliveries/:deliveryId/retry',
    route.admin({
      summary: 'Send a delivery again now, with the same event id',
      params: deliveryParamsSchema,
      response: { 202: deliverySchema },
    }),
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await retryDelivery(
            app.db,
            app.jobs,
            deliver,
            request.tenant.tenantId,
            request.params,
            recordChangeOf(request),
          ),
        ),
  );
};
