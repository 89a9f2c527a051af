import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { routeRecipe } from '../../lib/route-recipe';
import { streamChanges } from './stream';

const route = routeRecipe(['live'], [401, 403, 404, 503]);

/**
 * The admin's change events: every role of the business hears which of its data changed (topics named as the
 * web's query keys), so open screens refetch what they show instead of waiting for a reload.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/events',
    route.staff({
      summary:
        'Server-sent events: `change` {topics} each time data of this business changes (topics are the web query keys it touches); a comment every 25 s keeps it open',
      response: { 200: fileAnswer(MEDIA.events, 'An event stream that stays open') },
    }),
    async (request, reply) => streamChanges(app.live, request, reply, { tenantId: request.tenant.tenantId }),
  );
};
