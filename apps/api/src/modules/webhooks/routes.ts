import {
  createdWebhookSchema,
  deliveriesPageSchema,
  deliveriesQuerySchema,
  deliveryParamsSchema,
  deliverySchema,
  INTEGRATION_MESSAGES,
  type WebhookBody,
  webhookInputSchema,
  webhookParamsSchema,
  webhookSchema,
  webhooksListSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { trailOf } from '../../lib/audit';
import { badRequest, foundOr404, notFound } from '../../lib/errors';
import { created, pageAnswer, routeRecipe } from '../../lib/route-recipe';
import { checkedAddress, WebhookAddressError } from './address-guard';
import { newWebhookSecret, type webhookJobs } from './delivery-job';
import {
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  reopenDelivery,
  updateEndpoint,
} from './repository';
import { startRetentionSweep } from './retention';

const route = routeRecipe(['webhooks'], [400, 401, 403, 404]);

/** Webhook endpoints (DESIGN §8): admin and owner only, never an API key. */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  config: Config;
  /** The delivery job (defined with the app's change listeners in app.ts), for a delivery sent again. */
  deliver: ReturnType<typeof webhookJobs>['deliver'];
}> = async (app, opts) => {
  const { allowPrivate } = opts.config.webhooks;
  const { deliver } = opts;
  const stopSweep = startRetentionSweep(app.db, opts.config.webhooks.retentionDays, app.log);
  app.addHook('onClose', stopSweep);

  /** The SSRF guard at save time (it runs again before every delivery, on the address then resolved). */
  async function assertReachable(body: WebhookBody) {
    try {
      await checkedAddress(new URL(body.url), allowPrivate);
    } catch (error) {
      if (!(error instanceof WebhookAddressError)) throw error;
      const message = error.reason === 'private' ? INTEGRATION_MESSAGES.privateUrl : INTEGRATION_MESSAGES.unresolvable;
      throw badRequest({ url: message }, message);
    }
  }

  app.post(
    '/api/tenants/webhooks',
    route.admin({
      summary: 'Add a webhook endpoint; the answer is the only time its signing secret is shown',
      body: webhookInputSchema,
      response: { 201: createdWebhookSchema },
    }),
    async (request, reply) => {
      await assertReachable(request.body);
      const secret = newWebhookSecret();
      const id = crypto.randomUUID();
      const made = insertEndpoint(app.db, request.tenant.tenantId, { ...request.body, id, secret }, trailOf(request));
      return created(
        reply,
        made.then((endpoint) => ({ ...endpoint, secret })),
      );
    },
  );

  app.get(
    '/api/tenants/webhooks',
    route.admin({ summary: 'The webhook endpoints, newest first', response: { 200: webhooksListSchema } }),
    async (request) => listEndpoints(app.db, request.tenant.tenantId),
  );

  app.get(
    '/api/tenants/webhooks/:id',
    route.admin({ summary: 'One webhook endpoint', params: webhookParamsSchema, response: { 200: webhookSchema } }),
    async (request) =>
      foundOr404(await findEndpoint(app.db, request.tenant.tenantId, request.params.id), 'Webhook not found'),
  );

  app.put(
    '/api/tenants/webhooks/:id',
    route.admin({
      summary: 'Change an endpoint; enabling it again clears why the server turned it off',
      params: webhookParamsSchema,
      body: webhookInputSchema,
      response: { 200: webhookSchema },
    }),
    async (request) => {
      await assertReachable(request.body);
      const updated = await updateEndpoint(
        app.db,
        request.tenant.tenantId,
        request.params.id,
        request.body,
        trailOf(request),
      );
      return foundOr404(updated, 'Webhook not found');
    },
  );

  route.remove(
    app,
    '/api/tenants/webhooks/:id',
    { summary: 'Remove an endpoint and its deliveries', params: webhookParamsSchema },
    async (request) => {
      if (!(await deleteEndpoint(app.db, request.tenant.tenantId, request.params.id, trailOf(request))))
        throw notFound('Webhook not found');
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
      foundOr404(await findEndpoint(app.db, tenantId, request.params.id), 'Webhook not found');
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
    async (request, reply) => {
      const { tenantId } = request.tenant;
      const { id, deliveryId } = request.params;
      const reopened = await app.db.transaction(async (tx) => {
        const row = await reopenDelivery(tx, tenantId, id, deliveryId);
        if (row) await app.jobs.send(tx, deliver, { deliveryId });
        return row;
      });
      const row = foundOr404(reopened, 'Delivery not found');
      return reply.code(202).send({
        ...row,
        createdAt: row.createdAt.toISOString(),
        lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
      });
    },
  );
};
