import { importMappingSchema } from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { defineJob, type JobQueue } from '../../jobs/queue';
import { giveWay } from '../../lib/give-way';
import type { StorageDriver } from '../../storage';
import type { Writers } from '../ledger';
import { importMemberBatch } from '../members';
import { readImportFile } from './read-file';
import { lockImport, markFailed, recordProgress } from './repository';

/** Rows written per transaction on PostgreSQL: 100,000 rows take about a hundred round trips per kind. */
const IMPORT_BATCH = 1000;

/**
 * Rows written per transaction on embedded PGlite, which runs in the server's own thread: a batch holds the
 * thread (and the one connection) until it commits, so it is kept small enough that requests waiting meanwhile
 * are answered soon, then the job gives way to them. Measured with `npm run bench:import` (10,000 rows, a
 * 2-core machine loaded by other work, 26 November 2026): /api/health p99 5.0 s at 100 rows (37 probes past
 * 5 s), 1.8 s at 50, 1.4 s at 25, against 1.0–1.6 s with no import at all; the job took 123, 169 and 200 s.
 */
const PGLITE_IMPORT_BATCH = 50;

export const importBatchFor = (engine: 'pglite' | 'postgres') =>
  engine === 'pglite' ? PGLITE_IMPORT_BATCH : IMPORT_BATCH;

/**
 * The import job: reads the stored file again (the same rows and errors the request found), then writes
 * its good rows a batch at a time. Each batch and the import's progress commit together, so a run cut off
 * by a crash or a stop resumes after the last batch that committed, and a batch never applies twice.
 */
export function memberImportJob(
  db: Database,
  writers: Writers,
  storage: StorageDriver,
  jobs: JobQueue,
  batchSize = IMPORT_BATCH,
) {
  const job = defineJob<{ importId: string }>({
    name: 'member-import',
    // A 100,000-row file takes well under a minute on PostgreSQL, a few on PGlite; a killed run is given to
    // another worker after this. A run that outlasts it on a busy machine is safe: each batch locks the import
    // and skips what already committed, so the two runs share the rest and no row applies twice.
    expireInSeconds: 600,
    retryLimit: 5,
    retryDelay: 5,
    retryDelayMax: 300,
    async handle({ importId }, { retryCount }) {
      try {
        await run(importId);
      } catch (error) {
        // The last try: the import says it failed, so the screen stops waiting (pg-boss keeps the error).
        if (retryCount >= job.retryLimit) await markFailed(db, importId);
        throw error;
      }
    },
  });

  async function run(importId: string) {
    const start = await lockImport(db, importId);
    if (!start || start.state === 'done' || !start.storageKey) return;
    const file = await storage.get(start.storageKey);
    if (!file) throw new Error(`import ${importId}: its file is gone`);
    const { rows, total } = await readImportFile(file.body, importMappingSchema.parse(start.mapping));
    const key = start.storageKey;
    for (let from = 0; from <= rows.length; from += batchSize) {
      // Between two transactions, what waits for the thread goes first (lib/give-way.ts).
      await giveWay();
      const batch = rows.slice(from, from + batchSize);
      const last = from + batchSize >= rows.length;
      // Rows up to the batch's last line are done after it; the last batch finishes the file.
      const processed = last ? total : (batch.at(-1)?.row ?? 1) - 1;
      await db.transaction(async (tx) => {
        const current = await lockImport(tx, importId);
        if (!current || current.state === 'done') return;
        // A batch that committed already moved the import on from queued; a file without good rows (a header
        // alone, or every row bad) still has its one empty last batch to run, which finishes the import.
        if (current.state !== 'queued' && current.processed >= processed) return;
        const result = await importMemberBatch(writers, tx, current.tenantId, batch, {
          fileHash: current.fileHash,
          accountId: current.accountId,
          apply: true,
        });
        await recordProgress(tx, importId, { ...result, processed, done: last });
      });
      if (last) break;
    }
    await storage.delete(key).catch(() => undefined);
  }
  jobs.define(job);
  return job;
}
