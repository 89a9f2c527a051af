import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** True when the built web app is served, so unknown page URLs fall back to index.html. */
    servesWeb: boolean;
    /** True when the build has the customer pages' own entry (customer.html, for /join/* and /card/*). */
    servesCustomerPages: boolean;
  }
}

/**
 * Serves the built web app. Hashed assets are immutable and cached for a year; index.html is never cached,
 * so a deploy is picked up at the next load. The build writes brotli and gzip encodings beside each file
 * (apps/web/build/precompress.ts): the one the browser accepts is sent as it is, with its own length and
 * `Vary: Accept-Encoding`, so nothing is compressed per request. The encoded files are no addresses of
 * their own.
 */
export const webStaticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  const index = join(opts.root, 'index.html');
  app.decorate('servesWeb', existsSync(index));
  app.decorate('servesCustomerPages', existsSync(join(opts.root, 'customer.html')));
  if (!app.servesWeb) {
    app.log.warn({ root: opts.root }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    index: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      const hashed = path.includes(`${join(opts.root, 'assets')}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
});
