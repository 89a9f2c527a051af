import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  IMPORT_MESSAGES,
  importIdParamsSchema,
  importMappingSchema,
  importQuerySchema,
  importStartedSchema,
  importStatusSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { sendCsv } from '../../lib/csv';
import { AppError, badRequest, foundOr404 } from '../../lib/errors';
import { giveWay } from '../../lib/give-way';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { routeRecipe } from '../../lib/route-recipe';
import { importMemberBatch } from '../members';
import { importBatchFor, memberImportJob } from './import-job';
import { fileHash, mappingFromHeader, readImportFile } from './read-file';
import { findImport, insertImport, toStatus } from './repository';

/** The largest CSV an import takes: some 100,000 members with every column. */
const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

const route = routeRecipe(['members'], [400, 401, 403, 404, 413]);
const NOT_FOUND = 'Import not found';

/**
 * Members in by CSV (docs/design.md §8 Import, export, audit). The request reads and checks the whole file, so a
 * dry run answers at once with every bad row and stores nothing but its import record; a real import keeps
 * the file, records itself and enqueues its job in one transaction, and the job writes the good rows.
 */
export const memberImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const batchSize = importBatchFor(app.database.engine);
  const job = memberImportJob(app.db, { ledger: app.ledger, changes: app.changes }, app.storage, app.jobs, batchSize);
  const tooLarge = () => new AppError(413, IMPORT_MESSAGES.tooLarge(IMPORT_MAX_BYTES), { error: 'PAYLOAD_TOO_LARGE' });
  const missingFile = () => badRequest({ file: IMPORT_MESSAGES.missingFile }, IMPORT_MESSAGES.missingFile);

  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64 * 1024, parts: 6, headerPairs: 100 },
  });

  app.post(
    '/api/tenants/member/import',
    route.admin({
      summary:
        "Import members from a CSV (multipart: file, and optionally mapping = JSON of CSV header → field; without it, columns named as the fields (firstName, lastName, email, phone, membershipCode, tier, points, lifetimeSpend) or as the export's headers are matched); dryRun=true checks every row and changes nothing",
      consumes: ['multipart/form-data'],
      querystring: importQuerySchema,
      response: { 202: importStartedSchema },
    }),
    async (request, reply) => {
      if (!request.isMultipart()) throw missingFile();
      let bytes: Buffer | undefined;
      let mappingText: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname === 'file' && !bytes) bytes = await part.toBuffer();
            else part.file.resume();
          } else if (part.fieldname === 'mapping') mappingText = String(part.value);
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      }
      if (!bytes?.length) throw missingFile();
      let mappingJson: unknown;
      try {
        mappingJson = mappingText === undefined ? mappingFromHeader(bytes) : JSON.parse(mappingText);
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw badRequest({ mapping: IMPORT_MESSAGES.mapping }, IMPORT_MESSAGES.mapping);
      }
      const mapping = importMappingSchema.safeParse(mappingJson);
      if (!mapping.success) throw badRequest({ mapping: IMPORT_MESSAGES.mapping }, IMPORT_MESSAGES.mapping);

      const { tenantId, accountId } = request.tenant;
      const { dryRun } = request.query;
      const file = await readImportFile(bytes, mapping.data);
      const id = randomUUID();
      const hash = fileHash(bytes);
      const record = {
        id,
        tenantId,
        accountId,
        dryRun,
        fileHash: hash,
        mapping: mapping.data,
        total: file.total,
        errors: file.errors,
      };

      if (dryRun) {
        // What only the database knows (tiers, codes and contacts taken), checked the way the job will,
        // in a transaction that writes nothing of the members.
        let created = 0;
        let updated = 0;
        const errors = [...file.errors];
        for (let from = 0; from < file.rows.length; from += batchSize) {
          await giveWay();
          const result = await importMemberBatch(
            { ledger: app.ledger, changes: app.changes },
            app.db,
            tenantId,
            file.rows.slice(from, from + batchSize),
            {
              fileHash: hash,
              accountId,
              apply: false,
            },
          );
          created += result.created;
          updated += result.updated;
          errors.push(...result.errors);
        }
        // A dry run's answer joins the imports list (its screen reads it again); the trail keeps no event of it.
        await app.db.transaction(async (tx) => {
          await insertImport(tx, { ...record, state: 'done', processed: file.total, created, updated, errors });
          await recordChangeOf(request)(tx, 'imports');
        });
        return reply.code(202).send({ importId: id });
      }

      const storageKey = `imports/${tenantId}/${id}.csv`;
      await app.storage.put(storageKey, bytes, 'text/csv');
      try {
        await app.db.transaction(async (tx) => {
          await insertImport(tx, { ...record, state: 'queued', storageKey });
          await recordChangeOf(request)(tx, 'imports', {
            action: 'import.run',
            target: { type: 'import', id },
            // The rows the job will write and their errors are on the import itself (GET …/imports/{id}).
            after: { fileHash: hash, rows: file.total },
          });
          await app.jobs.send(tx, job, { importId: id });
        });
      } catch (error) {
        await app.storage.delete(storageKey).catch(() => undefined);
        throw error;
      }
      return reply.code(202).send({ importId: id });
    },
  );

  app.get(
    '/api/tenants/imports/:importId',
    route.admin({
      summary: 'An import’s state, progress, counts and bad rows (row, field, message)',
      params: importIdParamsSchema,
      response: { 200: importStatusSchema },
    }),
    async (request) =>
      toStatus(foundOr404(await findImport(app.db, request.tenant.tenantId, request.params.importId), NOT_FOUND)),
  );

  app.get(
    '/api/tenants/imports/:importId/errors.csv',
    route.admin({
      summary: 'An import’s bad rows as CSV: row (as a spreadsheet numbers it), field, message',
      params: importIdParamsSchema,
      produces: ['text/csv'],
      response: { 200: fileAnswer(MEDIA.csv, 'The bad rows, one a row, with a header row') },
    }),
    async (request, reply) => {
      const found = foundOr404(await findImport(app.db, request.tenant.tenantId, request.params.importId), NOT_FOUND);
      const lines = toStatus(found).errors.map((e) => [e.row, e.field, e.message]);
      async function* chunks() {
        yield lines;
      }
      return sendCsv(reply, `import-errors-${found.id.slice(0, 8)}.csv`, ['Row', 'Field', 'Message'], chunks());
    },
  );
};
