import { timingSafeEqual } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { apiErrorSchema } from '@loyalty/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { c as pack } from 'tar';
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
 * uncompressed tar, as of one instant between two statements, so it is what a crash at that instant would leave
 * (PostgreSQL recovers it from its write-ahead log). Statements wait only for the checkpoint and the part of the
 * copy made under PGlite's lock (db/pglite-backup.ts); the tar is written from the copy after the lock is
 * released, and the caller compresses it in its own process (docs/design.md §10). Only from this machine, and only with the secret of the server's note in its data
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
      const copyDataDir = app.database.copyDataDir;
      if (
        !copyDataDir ||
        !isLoopback(request.socket.remoteAddress ?? '') ||
        !sameSecret(request.headers['x-backup-token'], opts.token)
      )
        throw forbidden('Backups are taken on this machine with npm run backup.');
      // An erasure not yet scrubbed off the files must not reach the backup (docs/design.md §10).
      await app.diskScrub.runIfPending();
      const copy = await copyDataDir();
      // The copy is a folder of its own now, nothing waits for it any more: it is sent as a tar, read as it goes,
      // and removed once sent (or once the caller went away).
      const tar = pack({ cwd: copy.path, portable: true }, readdirSync(copy.path));
      let removed = false;
      const remove = () => {
        if (removed) return;
        removed = true;
        void copy.remove();
      };
      // Sent whole, failed, or the caller went away (the response closes, and the tar stream is destroyed).
      tar.once('end', remove);
      tar.once('error', remove);
      reply.raw.once('close', remove);
      // What statements waited for (the longest step writing pages out, the checkpoint, the copy under PGlite's
      // lock) and what ran beside them (the steps in all, the copy's passes): npm run backup prints them.
      const timing = [
        `flush;dur=${copy.flushMs.toFixed(0)}`,
        `flushstep;dur=${copy.flushLongestMs.toFixed(0)}`,
        `checkpoint;dur=${copy.checkpointMs.toFixed(0)}`,
        `copy;dur=${copy.copyMs.toFixed(0)}`,
        `locked;dur=${copy.lockedMs.toFixed(0)}`,
        `lockedbytes;desc=${copy.lockedBytes}`,
      ].join(', ');
      return reply
        .type('application/x-tar')
        .header('cache-control', 'no-store')
        .header('server-timing', timing)
        .send(tar);
    },
  );
};
