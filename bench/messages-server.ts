// The messages phase of `npm run bench` (BENCH_ONLY=messages runs it alone), against a real API server on
// PostgreSQL with a local APNs stand-in (docs/design.md §9, issue 43):
//   - a segment preview over 100,000 members (several filters), beside the bare route of the same server;
//   - a message to all 100,000 members enqueued (POST answered; target ≤ 5 s);
//   - the Apple fan-out: until the log says SENT, every pass updated and every device pushed (target ≤ 60 s);
//   - the time Google's rate limit (20 requests a second) would take to give 100,000 objects the message.
// BENCH_PROFILE_MESSAGES=1 adds a CPU profile of the API from the send to the end of the fan-out.
// Usage (run.mjs spawns it): node --import tsx bench/messages-server.ts <emulatorHost> <databaseUrl> <out.json>
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { loadConfig } from '../apps/api/src/config';
import { GOOGLE_REQUESTS_PER_SECOND } from '../apps/api/src/modules/messages/delivery';
import { loadWalletCredentials } from '../apps/api/src/modules/wallet/apple/certificates';
import { startApnsStandIn } from '../apps/api/test/support/apns-stand-in';
import { activeOwner } from './lib/owner.mjs';
import { benchPort } from './lib/ports.mjs';
import { startApi, stopAll } from './lib/procs.mjs';
import { summariseProfile } from './lib/profile.mjs';

const [emulatorHost, databaseUrl, outFile] = process.argv.slice(2) as [string, string, string];
const MEMBERS = Number(process.env.BENCH_MESSAGE_MEMBERS || 100_000);
const log = (line: string) => console.log(`  messages: ${line}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const work = mkdtempSync(join(tmpdir(), 'lp-bench-messages-'));
const dataDir = join(work, 'data');
const credentials = loadWalletCredentials(loadConfig({ DATA_DIR: dataDir }).wallet);
const apns = await startApnsStandIn({
  apnsKey: credentials.apns.key,
  keyId: credentials.apns.keyId,
  teamId: credentials.teamId,
  topic: credentials.passTypeId,
  port: await benchPort(),
});
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const out: Record<string, unknown> = { members: MEMBERS, googlePerSecond: GOOGLE_REQUESTS_PER_SECOND };
let tenantId: string | undefined;
let ownerUid: string | undefined;
const profileDir = process.env.BENCH_PROFILE_MESSAGES ? join(work, 'cpuprof') : undefined;

try {
  const api = await startApi({
    port: await benchPort(),
    dataDir,
    emulatorHost,
    databaseUrl,
    extraEnv: { APNS_URL: apns.url, APNS_CA_FILE: apns.caFile },
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const owner = await activeOwner(api.base, emulatorHost);
  tenantId = owner.tenantId;
  ownerUid = owner.uid;
  const headers = {
    authorization: `Bearer ${owner.token}`,
    'x-tenant-id': owner.tenantId,
    'content-type': 'application/json',
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const start = performance.now();
    const res = await fetch(`${api.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json().catch(() => undefined);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return { ms: performance.now() - start, json };
  };

  // The tenant's members: three tiers, balances, a visit for a third of them, three languages, all consenting,
  // each with a pass on one registered device.
  const seedStart = Date.now();
  await sql`insert into membership_tiers (id, tenant_id, name, color, min_spend_amount, max_spend_amount, sort_order)
    values (${`${tenantId}-basic`}, ${tenantId}, 'Basic', '#888888', 0, 500, 0),
      (${`${tenantId}-gold`}, ${tenantId}, 'Gold', '#d4af37', 500, null, 1)`;
  await sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, points_balance,
      lifetime_spend, tier_id, language, marketing_opt_in)
    select md5(${tenantId} || '-' || i)::uuid::text, ${tenantId}, 'Member ' || i, '陳', '', 'M' || lpad(i::text, 7, '0'),
      i % 5000, i % 900, case when i % 900 >= 500 then ${`${tenantId}-gold`} else ${`${tenantId}-basic`} end,
      (array['en', 'zh-Hant', 'zh-Hans'])[1 + i % 3], true
    from generate_series(1, ${MEMBERS}) i`;
  await sql`insert into points_ledger (id, tenant_id, member_id, type, points, amount, created_at)
    select md5('l' || id)::uuid::text, tenant_id, id, 'PURCHASE', 10, 1, now() - (random() * interval '90 days')
    from members where tenant_id = ${tenantId} and (membership_code like '%0' or membership_code like '%3')`;
  await sql`insert into wallet_passes (member_id, tenant_id, updated_at)
    select id, tenant_id, date_trunc('second', now()) from members where tenant_id = ${tenantId}`;
  await sql`insert into wallet_registrations (device_library_id, pass_type_id, member_id, tenant_id, push_token)
    select 'device' || md5(id), ${credentials.passTypeId}, id, tenant_id, md5(id) || md5('t' || id)
    from members where tenant_id = ${tenantId}`;
  for (const table of ['members', 'points_ledger', 'wallet_passes', 'wallet_registrations'])
    await sql.unsafe(`analyze ${table}`);
  out.seedSeconds = (Date.now() - seedStart) / 1000;
  log(`${MEMBERS.toLocaleString('en')} members, passes and devices seeded in ${out.seedSeconds} s`);

  // Segment previews: each filter three times, the median kept; the bare route of the same server beside them.
  const filters: Record<string, object> = {
    everyone: {},
    'gold, 1,000+ points': { tierIds: [`${tenantId}-gold`], minBalance: 1000 },
    'no visit in 30 days': { lastVisitBefore: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) },
    'Traditional Chinese with a pass': { language: 'zh-Hant', hasWalletPass: true },
  };
  const previews: Record<string, { ms: number; count: number }> = {};
  for (const [name, filter] of Object.entries(filters)) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 3; i++) {
      const answer = await call('POST', '/api/tenants/segments/preview', { filter });
      times.push(answer.ms);
      count = answer.json.count;
    }
    previews[name] = { ms: median(times), count };
    log(`preview ${name}: ${count.toLocaleString('en')} members in ${median(times).toFixed(0)} ms`);
  }
  out.previews = previews;
  const bare: number[] = [];
  for (let i = 0; i < 20; i++) bare.push((await call('GET', '/api/ready')).ms);
  out.bareMs = median(bare);

  // A message to everyone: enqueued (202), then the Apple fan-out to every device.
  apns.pushes.length = 0;
  const connectionsBefore = apns.connections.count;
  const sendStart = Date.now();
  const skipMs = sendStart - api.spawnedAt;
  const made = await call('POST', '/api/tenants/messages', {
    text: 'Double points this weekend',
    textZh: '本週末雙倍積分',
    textCn: '本周末双倍积分',
    audience: { all: true },
  });
  out.enqueue = { ms: made.ms, targeted: made.json.targeted };
  log(`message to ${made.json.targeted.toLocaleString('en')} members enqueued in ${made.ms.toFixed(0)} ms`);
  const deadline = Date.now() + 300_000;
  let state = '';
  let lastLog = Date.now();
  let message: Record<string, number | string> = {};
  while (Date.now() < deadline) {
    message = (await call('GET', `/api/tenants/messages/${made.json.id}`)).json;
    state = String(message.state);
    if (state === 'SENT') break;
    await new Promise((r) => setTimeout(r, 250));
    if (Date.now() - lastLog > 10_000) {
      log(
        `fan-out: ${message.passesUpdated} passes, ${apns.pushes.length.toLocaleString('en')} pushes after ${(Date.now() - sendStart) / 1000} s`,
      );
      lastLog = Date.now();
    }
  }
  const distinct = new Set(apns.pushes.map((p) => p.pushToken)).size;
  out.fanOut = {
    seconds: state === 'SENT' ? (Date.now() - sendStart) / 1000 : undefined,
    passesUpdated: message.passesUpdated,
    applePushes: message.applePushes,
    distinctDevices: distinct,
    connections: apns.connections.count - connectionsBefore,
  };
  log(`fan-out: ${JSON.stringify(out.fanOut)}`);
  // Google: one addMessage per saved object, no faster than the API allows.
  out.googleSeconds = MEMBERS / GOOGLE_REQUESTS_PER_SECOND;
  await api.stop();
  if (profileDir) {
    // Samples after the fan-out (the shutdown) are few; those before the send are left out.
    out.profile = summariseProfile(profileDir, skipMs);
    log(`API profile over the send: ${JSON.stringify(out.profile)}`);
  }
} catch (error) {
  out.error = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n') : String(error);
  console.error(`messages bench: ${out.error}`);
} finally {
  await stopAll();
  await apns.close();
  if (tenantId) {
    await sql`delete from points_ledger where tenant_id = ${tenantId}`.catch(() => {});
    await sql`delete from tenants where id = ${tenantId}`.catch(() => {});
    if (ownerUid) await sql`delete from accounts where firebase_uid = ${ownerUid}`.catch(() => {});
  }
  await sql.end();
  writeFileSync(outFile, JSON.stringify(out, null, 1));
  rmSync(work, { recursive: true, force: true });
}
