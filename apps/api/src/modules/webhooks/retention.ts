import { and, asc, inArray, lt, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { webhookDeliveries } from '../../db/schema';

const DAY_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 3600 * 1000;
/** Rows per delete: a sweep holds no long lock and no long transaction, however far behind it starts. */
const BATCH = 1000;

/**
 * Deletes the deliveries made before `before` that are finished (delivered, or given up after their last
 * retry); a pending one stays, whatever its age, until its job settles it. Oldest first, in batches.
 * Answers how many went.
 */
export async function pruneDeliveries(db: Database, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    const oldest = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(lt(webhookDeliveries.createdAt, before), ne(webhookDeliveries.status, 'PENDING')))
      .orderBy(asc(webhookDeliveries.createdAt))
      .limit(BATCH);
    const gone = await db
      .delete(webhookDeliveries)
      .where(and(inArray(webhookDeliveries.id, oldest), sql`${webhookDeliveries.status} <> 'PENDING'`))
      .returning({ id: webhookDeliveries.id });
    removed += gone.length;
    if (gone.length < BATCH) return removed;
  }
}

/**
 * The hourly retention sweep of this instance (every instance sweeps; the deletes are idempotent). The first
 * runs a minute after start, not during it. Answers a stop for the server's close.
 */
export function startRetentionSweep(
  db: Database,
  retentionDays: number,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) {
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = pruneDeliveries(db, new Date(Date.now() - retentionDays * DAY_MS))
      .then((removed) => {
        if (removed) log.info({ removed, retentionDays }, 'old webhook deliveries deleted');
      })
      .catch((err) => log.warn({ err }, 'webhook delivery retention sweep failed'))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(sweep, 60_000);
  const every = setInterval(sweep, SWEEP_EVERY_MS);
  first.unref();
  every.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(every);
    await running;
  };
}
