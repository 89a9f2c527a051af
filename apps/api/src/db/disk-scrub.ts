import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Queries } from './client';
import { diskScrubRequests } from './schema';

/**
 * The tables an erased person can be left in as dead rows, dead index entries or old versions (docs/design.md §10):
 * the member's row and its keys and consents, the ledger whose notes were cleared, the webhook bodies stripped of
 * the person, the messages addressed to them, the rewards they redeemed and claimed, the wallet rows that went with
 * them. Each is rewritten whole by VACUUM FULL, which leaves no dead row and builds its indexes anew.
 */
const APP_TABLES = [
  'members',
  'member_keys',
  'member_consents',
  'points_ledger',
  'points_lots',
  'stamp_ledger',
  'webhook_deliveries',
  'messages',
  'message_targets',
  'reward_redemptions',
  'reward_claims',
  'google_wallet_objects',
  'wallet_passes',
];

/** At most this many WAL segment switches: a 16 MB segment each, more than PGlite ever keeps ahead. */
const MAX_SWITCHES = 64;

type Pglite = NonNullable<DatabaseHandle['pglite']>;

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The scrub that takes an erased person off the embedded database's disk (docs/design.md §10): a row deleted or
 * updated stays readable in the table's file, in its indexes' dead entries and in the write-ahead log until they are
 * rewritten. So: VACUUM FULL of every table that held the person (and of the job queue's), then, with WAL recycling
 * off, switch to a new WAL segment and CHECKPOINT until the current segment is past every segment that existed,
 * so each old one is deleted, not renamed to a future name with its bytes still in it (the measured failure: after
 * VACUUM FULL the bytes stayed in pg_wal even after two pg_switch_wal(), because recycled segments keep them).
 * PostgreSQL needs none of this for its dump (pg_dump copies live rows only); docs/backups.md says what its WAL
 * archive holds.
 */
export function createDiskScrub(database: DatabaseHandle, opts: { jobQueueSchema: string }) {
  const pglite = database.engine === 'pglite' && database.pglite ? database.pglite : undefined;
  let running: Promise<boolean> | undefined;

  async function pending(): Promise<Date | undefined> {
    const [row] = await database.db.select({ at: diskScrubRequests.requestedAt }).from(diskScrubRequests);
    return row?.at;
  }

  async function scrub(client: Pglite, requestedAt: Date) {
    const tables = [...APP_TABLES.map(quoted), `${quoted(opts.jobQueueSchema)}.job`];
    // One statement per table: VACUUM FULL cannot run in a transaction, and between them other work goes on.
    for (const table of tables) await client.exec(`VACUUM FULL ${table}`);
    await database.db.delete(diskScrubRequests).where(sql`${diskScrubRequests.requestedAt} <= ${requestedAt}`);
    // Session-wide on PGlite's one connection, where its checkpoints run too (single-user mode: no checkpointer).
    await client.exec('SET wal_recycle = off');
    try {
      const newest = await client.query<{ name: string }>('select max(name) as name from pg_ls_waldir()');
      const last = newest.rows[0]?.name ?? '';
      for (let i = 0; i < MAX_SWITCHES; i++) {
        const current = await client.query<{ name: string }>('select pg_walfile_name(pg_current_wal_lsn()) as name');
        if ((current.rows[0]?.name ?? '') > last) break;
        // The checkpoint writes a record, so the next switch always has something to end its segment after.
        await client.exec('SELECT pg_switch_wal(); CHECKPOINT;');
      }
      await client.exec('CHECKPOINT');
    } finally {
      await client.exec('RESET wal_recycle');
    }
  }

  async function runIfPending(): Promise<boolean> {
    if (!pglite) return false;
    const requestedAt = await pending();
    if (!requestedAt) return false;
    await scrub(pglite, requestedAt);
    return true;
  }

  return {
    /**
     * Records, in the erasure's transaction, that the files still hold the person: a no-op on PostgreSQL. The
     * caller queues the job that runs the scrub soon after.
     */
    async request(tx: Queries): Promise<void> {
      if (!pglite) return;
      await tx.execute(sql`insert into ${diskScrubRequests} (id, requested_at) values (1, now())
        on conflict (id) do update set requested_at = excluded.requested_at`);
    },
    /**
     * Runs the scrub when an erasure asked for one and it has not run yet; answers whether it ran. The job runs it,
     * and so must a backup of the embedded database, before it copies the folder: "a scrub pending? run it first",
     * so no backup taken after an erasure holds the person. Calls at the same time run one after the other (the
     * later finds nothing left to do), never two scrubs at once.
     */
    runIfPending(): Promise<boolean> {
      const previous = running ?? Promise.resolve(false);
      const next = previous.catch(() => false).then(() => runIfPending());
      running = next;
      return next;
    },
  };
}

export type DiskScrub = ReturnType<typeof createDiskScrub>;
