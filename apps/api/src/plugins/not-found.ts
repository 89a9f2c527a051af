import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The customer pages (docs/design.md §8): a light entry of their own, not the admin app. */
const CUSTOMER_PAGE = /^\/(?:join|card)\/[^/?#]+\/?(?:[?#]|$)/;

/**
 * Unknown API routes answer the error shape; unknown page URLs get the web app (client-side routing):
 * customer.html for /join/<slug> and /card/<slug>, index.html for every other address.
 */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && app.hasDecorator('servesWeb');
    if (wantsPage && app.servesWeb) {
      const page = app.servesCustomerPages && CUSTOMER_PAGE.test(request.url) ? 'customer.html' : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return reply
      .code(404)
      .send({ status: 404, error: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
});
