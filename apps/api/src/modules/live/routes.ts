import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../lib/errors';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { routeRecipe } from '../../lib/route-recipe';
import { findMembership } from '../../plugins/membership';
import { membershipBlock } from '../../plugins/tenant';
import { streamChanges } from './stream';

const route = routeRecipe(['live'], [401, 403, 404, 429, 503]);

/**
 * The admin's change events: every role of the business hears which of its data changed (topics named as the
 * web's query keys), so open screens refetch what they show instead of waiting for a reload.
 */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/events',
    route.staff({
      summary:
        "Server-sent events: `change` {topics} each time data of this business changes (topics are the web query keys it touches); a comment every 25 s keeps it open. At most 10 open per account (429 `TOO_MANY_STREAMS`) and half of the server's streams per business (503 `LIVE_FULL`), both with Retry-After; the stream ends when the user is deactivated or removed",
      response: { 200: fileAnswer(MEDIA.events, 'An event stream that stays open') },
    }),
    async (request, reply) => {
      const { tenantId, accountId } = request.tenant;
      // Read without the membership cache: a user deactivated a moment ago on another instance gets no stream.
      const stillAllowed = async () => {
        const membership = await findMembership(app.db, request.identity.uid, tenantId);
        if (!membership) throw forbidden();
        const block = membershipBlock(membership);
        if (block) throw block;
      };
      return streamChanges(app.live, request, reply, { tenantId, accountId }, stillAllowed);
    },
  );
};
