import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../src/db/client';
import { APPLE_BATCH } from '../src/modules/messages/delivery';
import { loadWalletCredentials } from '../src/modules/wallet/apple/certificates';
import { engine, testConfig } from './helpers';
import { businessOverHttp, spawnedServer } from './spawned-server';
import { type ApnsStandIn, localTls, startApnsStandIn } from './support/apns-stand-in';
import { eventually } from './support/wallet';

const MEMBERS = 10_000;
/**
 * The most devices pushed twice: two of the send job's batches without Google (modules/messages/delivery.ts), the
 * one being marked done and the next, whose pushes go out meanwhile.
 */
const TWICE_AT_MOST = 2 * APPLE_BATCH;

/**
 * A message to 10,000 cardholders survives SIGKILL halfway: the real server is killed while the queue is fanning
 * it out; once it is back, the send resumes at the first batch not done, and every pass is updated exactly once
 * and pushed (the batches cut off mid-push may be pushed again, which shows nothing twice: the pass did not change).
 */
describe(`a message to ${MEMBERS} passes across a SIGKILL on ${engine}`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'lp-messages-crash-'));
  const server = spawnedServer(dataDir, { JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}` });
  const { call } = server;
  let apns: ApnsStandIn | undefined;
  afterAll(async () => {
    server.kill();
    await apns?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('updates every pass once and pushes every device after the killed server is back', async () => {
    const credentials = loadWalletCredentials(testConfig({ DATA_DIR: dataDir }).wallet);
    const tls = localTls();
    const caFile = join(dataDir, 'apns-ca.pem');
    writeFileSync(caFile, tls.caCert);
    apns = await startApnsStandIn({
      apnsKey: credentials.apns.key,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      topic: credentials.passTypeId,
      tls,
    });
    const env = { APNS_URL: apns.url, APNS_CA_FILE: caFile };
    await server.start(env);
    const token = await businessOverHttp(call, 'Crash Messages Cafe');
    const { tenantId } = (await call(token, 'GET', '/api/members/me')).json as { tenantId: string };
    server.kill();
    await server.exited();

    // 10,000 consenting members, each with a pass on one registered device, written straight into the database
    // while no server runs (PGlite has one process).
    const database = createDatabase({
      databaseUrl: engine === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      dataDir,
    });
    const tag = randomBytes(3).toString('hex');
    await database.db.execute(sql`insert into members (id, tenant_id, first_name, last_name, membership_code, marketing_opt_in)
      select ${`crash-${tag}-`} || g, ${tenantId}, 'Member', 'No ' || g, ${`C${tag}`} || lpad(g::text, 6, '0'), true
      from generate_series(1, ${MEMBERS}) g`);
    await database.db.execute(sql`insert into wallet_passes (member_id, tenant_id)
      select ${`crash-${tag}-`} || g, ${tenantId} from generate_series(1, ${MEMBERS}) g`);
    await database.db.execute(sql`insert into wallet_registrations (device_library_id, pass_type_id, member_id, tenant_id, push_token)
      select 'device' || g, ${credentials.passTypeId}, ${`crash-${tag}-`} || g, ${tenantId}, ${`ab${tag}`} || lpad(g::text, 6, '0')
      from generate_series(1, ${MEMBERS}) g`);
    await database.close();

    await server.start(env);
    const made = await call(token, 'POST', '/api/tenants/messages', { text: 'Double points', audience: { all: true } });
    expect(made.status).toBe(202);
    expect(made.json.targeted).toBe(MEMBERS);
    const id = made.json.id as string;
    const log = async () => (await call(token, 'GET', `/api/tenants/messages/${id}`)).json;
    // Killed as soon as the fan-out is under way, well before it is done.
    expect(await eventually(async () => (await log()).passesUpdated > 0, 30_000)).toBe(true);
    server.kill();
    const killedAt = Date.now();
    await server.exited();
    const pushedBeforeKill = new Set(apns.pushes.map((p) => p.pushToken)).size;
    expect(pushedBeforeKill).toBeLessThan(MEMBERS);

    // Another process takes the job up: on PostgreSQL exactly what a second instance does (the same queue tables).
    // The killed run stops beating its heartbeat (10 s), the monitor finds it (every 10 s), the retry waits 5–10 s,
    // and the job resumes at its first batch not done: docs/capacity.md states the bound, 32 s after the kill.
    await server.start(env);
    expect(await eventually(async () => (await log()).state === 'SENT', 150_000)).toBe(true);
    // What the bound is measured against; printed, not asserted (a loaded machine starts the server slowly).
    console.info(
      `message send taken up again and finished ${Math.round((Date.now() - killedAt) / 1000)} s after the kill`,
    );
    expect(await log()).toMatchObject({ targeted: MEMBERS, passesUpdated: MEMBERS, applePushes: MEMBERS, failed: 0 });
    const perToken = new Map<string, number>();
    for (const push of apns.pushes) perToken.set(push.pushToken, (perToken.get(push.pushToken) ?? 0) + 1);
    expect(perToken.size).toBe(MEMBERS);
    const twice = [...perToken.values()].filter((n) => n > 1).length;
    expect(twice).toBeLessThanOrEqual(TWICE_AT_MOST);
    expect(Math.max(...perToken.values())).toBeLessThanOrEqual(2);
  }, 300_000);
});
