import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import { UPLOAD_MESSAGES, UPLOAD_PATH, uploadResultSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../lib/errors';
import { FILES_PREFIX, fileUrlFor } from '../../lib/own-upload';
import { routeRecipe } from '../../lib/route-recipe';
import { cleanImage } from './image';
import { recordUpload } from './repository';

// Room for the multipart boundaries and part headers around the file itself.
const ENVELOPE_BYTES = 64 * 1024;
// Keys the upload call makes: <tenant id>/<32 hex>.<ext>. Anything else is not ours to serve.
const SERVED_KEY = /^[A-Za-z0-9-]{1,64}\/[a-f0-9]{32}\.(png|jpg|webp)$/;

const route = routeRecipe(['uploads'], [400, 401, 403, 413, 415]);

/**
 * POST /api/oci-object-storage (docs/spec/data-screens.md §7; docs/design.md §4) takes one image, checks it by content, re-encodes it and
 * stores it through the storage driver; GET /files/<key> serves it like a CDN would (public, unguessable names).
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ maxBytes: number }> = async (app, opts) => {
  const { maxBytes } = opts;
  const tooLarge = () => new AppError(413, UPLOAD_MESSAGES.tooLarge(maxBytes), { error: 'PAYLOAD_TOO_LARGE' });
  const missingFile = () => badRequest({ file: UPLOAD_MESSAGES.missingFile }, UPLOAD_MESSAGES.missingFile);

  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });

  app.post(
    UPLOAD_PATH,
    route.admin({
      summary: 'Upload one PNG, JPEG or WEBP image (multipart field "file"); answers its URL as message',
      consumes: ['multipart/form-data'],
      response: { 200: uploadResultSchema },
    }),
    async (request) => {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) throw tooLarge();
      if (!request.isMultipart()) throw missingFile();

      let bytes: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file' || bytes) {
            part.file.resume();
            continue;
          }
          bytes = await part.toBuffer();
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
          throw badRequest({ file: 'Send exactly one file' }, 'Send exactly one file');
        }
        throw error;
      }
      if (!bytes || bytes.length === 0) throw missingFile();

      const image = await cleanImage(bytes);
      const { tenantId, accountId } = request.tenant;
      const storageKey = `${tenantId}/${randomBytes(16).toString('hex')}.${image.extension}`;
      await app.storage.put(storageKey, image.bytes, image.contentType);
      try {
        await recordUpload(app.db, tenantId, {
          accountId,
          storageKey,
          contentType: image.contentType,
          sizeBytes: image.bytes.length,
        });
      } catch (error) {
        await app.storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
      return { message: fileUrlFor(storageKey) };
    },
  );

  app.get(`${FILES_PREFIX}*`, { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const stored = SERVED_KEY.test(key) ? await app.storage.get(key) : null;
    if (!stored) {
      return reply.code(404).send({ status: 404, error: 'NOT_FOUND', message: 'File not found' });
    }
    return reply
      .type(stored.contentType)
      .header('content-length', stored.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  });
};
