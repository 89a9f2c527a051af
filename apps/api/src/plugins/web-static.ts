import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are immutable and cached for a year; index.html is never cached,
 * so a deploy is picked up at the next load. Unknown non-API GETs fall back to index.html (client routing).
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const index = join(opts.root, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ root: opts.root }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      const hashed = path.includes(`${join(opts.root, 'assets')}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .code(404)
      .send({ status: 404, error: 'NOT_FOUND', message: `Route ${request.method} ${request.url} not found` });
  });
});
