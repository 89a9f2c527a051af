import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Unknown API routes answer the error shape; unknown page URLs get the web app (client-side routing). */
export const notFoundPlugin = fp(async (app: FastifyInstance) => {
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/') && app.hasDecorator('servesWeb');
    if (wantsPage && app.servesWeb) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .code(404)
      .send({ status: 404, error: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
});
