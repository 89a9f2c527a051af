import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, testConfig, uniquePhone } from '../../../test/helpers';
import { business, membersApi } from '../../../test/support/members';
import { eventually } from '../../../test/support/wallet';
import { type Receiver, startReceiver } from '../../../test/support/webhook-receiver';
import { buildApp } from '../../app';
import { createDatabase } from '../../db/client';
import { members, webhookDeliveries } from '../../db/schema';

/** Which of the needles occur in the bytes, as `grep -a` finds them: the raw file, not what SQL shows. */
const found = (bytes: Buffer, needles: string[]) => needles.filter((n) => bytes.includes(Buffer.from(n)));

/** Every file under the folder whose bytes hold one of the needles, with the needles it holds. */
function scanFolder(dir: string, needles: string[]): string[] {
  const hits: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const holds = found(readFileSync(path), needles);
        if (holds.length) hits.push(`${path.slice(dir.length)}: ${holds.join(', ')}`);
      }
    }
  };
  walk(dir);
  return hits;
}

/**
 * Erasure on the embedded database kept on disk (docs/design.md §10): after the scrub neither the data folder's
 * files nor a backup of them holds the person's name, phone, e-mail or code anywhere, dead rows, dead index
 * entries and the write-ahead log included.
 */
describe.runIf(engine === 'pglite')('erasure reaches the disk (embedded PGlite in a folder)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-erasure-disk-'));
  let app: FastifyInstance;
  let receiver: Receiver;
  let biz: Awaited<ReturnType<typeof business>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    const database = createDatabase({ dataDir: dir });
    await database.migrate();
    app = await buildApp(testConfig({ JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}` }), {
      database,
    });
    app.addHook('onClose', () => database.close());
    await app.ready();
    await app.jobs.start();
    biz = await business(app);
    const hook = await app.inject({
      method: 'POST',
      url: '/api/tenants/webhooks',
      headers: bearer(biz.admin),
      payload: { url: receiver.url, events: ['member.created', 'member.updated', 'member.deleted'] },
    });
    expect(hook.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('after an erasure and the scrub, no file of the folder and no backup holds the person', async () => {
    const api = membersApi(app);
    const tag = randomUUID().slice(0, 6);
    const person = {
      firstName: `Zelda${tag}`,
      lastName: `Quarry${tag}`,
      email: `zelda.${tag}@example.test`,
      phone: `+8525${String(Date.now()).slice(-7)}`,
    };
    const made = await api.create(biz.admin, person);
    expect(made.statusCode).toBe(201);
    const id = made.json().userId as string;
    const [row] = await app.database.db
      .select({ code: members.membershipCode })
      .from(members)
      .where(eq(members.id, id));
    const code = row?.code as string;
    // A rename, a purchase with a note naming them: old row versions and the ledger hold the person too.
    const renamed = await api.update(biz.admin, id, { ...person, lastName: `${person.lastName}x`, status: 'active' });
    expect(renamed.statusCode).toBe(200);
    const bought = await api.record(biz.staff, id, { type: 'PURCHASE', amount: 20, note: `for ${person.firstName}` });
    expect(bought.statusCode).toBe(201);
    const needles = [person.firstName, person.lastName, person.email, person.phone, code];
    // Written to the files (a checkpoint puts the rows in the tables' files, the WAL holds them anyway).
    await app.database.pglite?.exec('CHECKPOINT');
    expect(scanFolder(join(dir, 'pglite'), needles).length).toBeGreaterThan(0);

    expect((await api.remove(biz.admin, id)).statusCode).toBe(204);
    // The receiver is told, and the stored member.deleted delivery then drops the code.
    const delivered = async () => {
      const [d] = await app.database.db
        .select({ status: webhookDeliveries.status, payload: webhookDeliveries.payload })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.eventType, 'member.deleted'),
            sql`${webhookDeliveries.payload} -> 'data' ->> 'id' = ${id}`,
          ),
        );
      return d?.status === 'SUCCEEDED';
    };
    expect(await eventually(delivered)).toBe(true);
    expect(receiver.received.some((r) => r.body.includes(code))).toBe(true);
    // SQL finds nothing at once, but the files still do: the scrub is what takes them off the disk.
    expect(scanFolder(join(dir, 'pglite'), needles).length).toBeGreaterThan(0);
    const queued = await app.jobs.find({ name: 'disk-scrub' });
    expect(queued.length).toBeGreaterThan(0);

    // What the job runs, and what a backup runs first when a scrub is pending.
    expect(await app.diskScrub.runIfPending()).toBe(true);
    expect(scanFolder(join(dir, 'pglite'), needles)).toEqual([]);
    // Nothing left pending: a second call does nothing.
    expect(await app.diskScrub.runIfPending()).toBe(false);

    const dump = app.database.dumpDataDir;
    if (!dump) throw new Error('an on-disk database has a dump');
    // The server's copy is an uncompressed tar (npm run backup compresses it afterwards, docs/backups.md).
    const tar = Buffer.from(await (await dump()).arrayBuffer());
    expect(tar.toString('latin1')).toContain('PG_VERSION');
    expect(found(tar, needles)).toEqual([]);
  }, 120_000);
});

/** Whether pg_dump is on this machine (the PostgreSQL check below needs it). */
const hasPgDump = (() => {
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/**
 * PostgreSQL (docs/backups.md): pg_dump copies live rows only, so a dump taken after an erasure holds nothing of
 * the person, without any scrub. (Its WAL archive is the provider's, and docs/backups.md says what it keeps.)
 */
describe.runIf(engine === 'postgres' && hasPgDump)('erasure and pg_dump (PostgreSQL)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ DATABASE_URL: process.env.TEST_DATABASE_URL as string });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('a dump taken after the erasure holds none of the person; one taken before does', async () => {
    const biz = await business(app);
    const api = membersApi(app);
    const tag = randomUUID().slice(0, 6);
    const person = {
      firstName: `Zelda${tag}`,
      lastName: `Quarry${tag}`,
      email: `zelda.${tag}@example.test`,
      phone: uniquePhone(),
    };
    const made = await api.create(biz.admin, person);
    expect(made.statusCode).toBe(201);
    const id = made.json().userId as string;
    const [row] = await app.database.db
      .select({ code: members.membershipCode, phone: members.phone })
      .from(members)
      .where(eq(members.id, id));
    const needles = [person.firstName, person.lastName, person.email, person.phone];
    const dump = () =>
      execFileSync('pg_dump', ['--no-owner', '--data-only', process.env.TEST_DATABASE_URL as string], {
        maxBuffer: 1024 * 1024 * 1024,
      });
    expect(found(dump(), needles)).toEqual(needles);
    expect(row?.code).toBeTruthy();
    expect((await api.remove(biz.admin, id)).statusCode).toBe(204);
    expect(found(dump(), needles)).toEqual([]);
  }, 120_000);
});
