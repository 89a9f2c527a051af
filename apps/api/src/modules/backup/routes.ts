import { timingSafeEqual } from 'node:crypto';
import { apiErrorSchema } from '@loyalty/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { forbidden } from '../../lib/errors';

const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';

const sameSecret = (given: unknown, token: string) => {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The embedded database for `npm run backup` while this server runs (docs/design.md §9): PGlite's folder as one
 * uncompressed tar, taken between statements, so it is what a crash at that instant would leave (PostgreSQL
 * recovers it from its write-ahead log). Statements wait only for the copy; the caller compresses it, in its
 * own process, after the lock is released (docs/design.md §10). Only from this machine, and only with the secret of the server's note in its data
 * folder (running-server.ts): whoever can read that folder can copy the data anyway; nobody else can.
 */
export const backupRoutes: FastifyPluginAsync<{ token: string }> = async (app, opts) => {
  app.post(
    '/api/internal/backup',
    {
      config: { access: 'public' },
      schema: {
        hide: true,
        response: { 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const dump = app.database.dumpDataDir;
      if (
        !dump ||
        !isLoopback(request.socket.remoteAddress ?? '') ||
        !sameSecret(request.headers['x-backup-token'], opts.token)
      )
        throw forbidden('Backups are taken on this machine with npm run backup.');
      // An erasure not yet scrubbed off the files must not reach the backup (docs/design.md §10).
      await app.diskScrub.runIfPending();
      const started = performance.now();
      const copy = await dump();
      // How long statements waited for this backup (the copy under PGlite's lock): npm run backup prints it.
      const copyMs = performance.now() - started;
      const tar = Buffer.from(await copy.arrayBuffer());
      return reply
        .type('application/x-tar')
        .header('cache-control', 'no-store')
        .header('server-timing', `copy;dur=${copyMs.toFixed(0)}`)
        .send(tar);
    },
  );
};
