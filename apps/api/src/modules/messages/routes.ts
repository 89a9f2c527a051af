import {
  messageCreatedSchema,
  messageInputSchema,
  messageParamsSchema,
  messageSchema,
  messagesListSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { listMessages, MESSAGE_NOT_FOUND, messageOf } from './repository';
import { cancelMessage, createMessage, type SendJob } from './service';

const route = routeRecipe(['messages'], [400, 401, 403, 404, 409]);

/**
 * Messages to cardholders (docs/design.md §9), for owners and admins: sent to one member, a segment, a filter or everyone
 * who gave marketing consent, now or later; the log fills as the queue works (delivery.ts, its send job built in
 * app.ts, where the expiry warning's notices go through it too).
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ send: SendJob }> = async (app, { send }) => {
  app.post(
    '/api/tenants/messages',
    route.admin({
      summary: 'Send a message to cardholders now or at a set time',
      body: messageInputSchema,
      response: { 202: messageCreatedSchema },
    }),
    async (request, reply) => reply.code(202).send(await createMessage(app.db, app.jobs, send, request, request.body)),
  );

  route.list(
    app,
    '/api/tenants/messages',
    { access: 'admin', summary: 'Messages, newest first, with their logs', response: messagesListSchema },
    listMessages,
  );

  route.one(
    app,
    '/api/tenants/messages/:id',
    { access: 'admin', summary: 'One message and its log', params: messageParamsSchema, response: messageSchema },
    messageOf,
    MESSAGE_NOT_FOUND,
  );

  app.post(
    '/api/tenants/messages/:id/cancel',
    route.admin({
      summary: 'Cancel a scheduled message',
      params: messageParamsSchema,
      response: { 200: messageSchema },
    }),
    async (request) => {
      await cancelMessage(app.db, request, request.params.id);
      return foundOr404(await messageOf(app.db, request.tenant.tenantId, request.params.id), MESSAGE_NOT_FOUND);
    },
  );
};
