// The wallet phase of `npm run bench` (BENCH_ONLY=wallet runs it alone), against a real API server on PostgreSQL
// with a local APNs stand-in (docs/design.md §8, issue 19):
//   - 200 concurrent downloads of GET /api/tenants/member/{id}/passes/apple (errors, p50/p95), then one at a
//     time (the per-pass figure, target ≤ 60 ms p95 with the tenant's images cached);
//   - the server's RSS before and after 10,000 passes downloaded (it should stay flat);
//   - fan-out: 100,000 devices registered on one tenant (seeded by SQL), the tenant's pass design saved through
//     the API, and the time until the stand-in has taken a push for every device (target ≤ 60 s).
// Usage (run.mjs spawns it): node --import tsx bench/wallet-server.ts <emulatorHost> <databaseUrl> <out.json>
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import sharp from 'sharp';
import { loadConfig } from '../apps/api/src/config';
import { loadWalletCredentials } from '../apps/api/src/modules/wallet/apple/certificates';
import { startApnsStandIn } from '../apps/api/test/support/apns-stand-in';
import { activeOwner } from './lib/owner.mjs';
import { benchPort } from './lib/ports.mjs';
import { rssMiB, startApi, stopAll } from './lib/procs.mjs';

const [emulatorHost, databaseUrl, outFile] = process.argv.slice(2) as [string, string, string];
const DEVICES = Number(process.env.BENCH_WALLET_DEVICES || 100_000);
const PASSES = Number(process.env.BENCH_WALLET_PASSES || 10_000);
const CONCURRENT = 200;

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? Number.NaN;
const log = (line: string) => console.log(`  wallet: ${line}`);

const work = mkdtempSync(join(tmpdir(), 'lp-bench-wallet-server-'));
const dataDir = join(work, 'data');
// Makes the development chain the server will read (same DATA_DIR), so the stand-in knows its APNs key.
const credentials = loadWalletCredentials(loadConfig({ DATA_DIR: dataDir }).wallet);
const apns = await startApnsStandIn({
  apnsKey: credentials.apns.key,
  keyId: credentials.apns.keyId,
  teamId: credentials.teamId,
  topic: credentials.passTypeId,
  port: await benchPort(),
});
const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const out: Record<string, unknown> = { devices: DEVICES, passes: PASSES };
let tenantId: string | undefined;
let ownerUid: string | undefined;

async function uploadImage(base: string, headers: Record<string, string>, width: number, height: number) {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${base}/api/oci-object-storage`, { method: 'POST', headers, body: form });
  if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { message: string }).message;
}

/** Downloads one member's pass; answers the time in ms, or throws with the status. */
async function download(base: string, headers: Record<string, string>, memberId: string) {
  const start = performance.now();
  const res = await fetch(`${base}/api/tenants/member/${memberId}/passes/apple`, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200 || body.byteLength < 1000) throw new Error(`pass: ${res.status}`);
  return performance.now() - start;
}

try {
  const api = await startApi({
    port: await benchPort(),
    dataDir,
    emulatorHost,
    databaseUrl,
    extraEnv: { APNS_URL: apns.url, APNS_CA_FILE: apns.caFile },
  });
  const owner = await activeOwner(api.base, emulatorHost);
  tenantId = owner.tenantId;
  ownerUid = owner.uid;
  const headers = { authorization: `Bearer ${owner.token}`, 'x-tenant-id': owner.tenantId };
  const images = {
    logo: await uploadImage(api.base, headers, 512, 512),
    strip: await uploadImage(api.base, headers, 1125, 432),
    background: await uploadImage(api.base, headers, 360, 440),
  };
  const design = (heroText: string) => ({
    style: 'storeCard',
    heroText,
    showPoints: true,
    showLastUpdate: true,
    backgroundColor: '#102030',
    foregroundColor: '#ffffff',
    labelColor: '#aabbcc',
    logoUrl: images.logo,
    stripUrl: images.strip,
    backgroundUrl: images.background,
    lblMemberName: 'Member Name',
    lblMembershipLvl: 'Membership Level',
    lblLastUpdate: 'Last Update',
    lblPoints: 'Points',
  });
  const saveDesign = (heroText: string) =>
    fetch(`${api.base}/api/tenant/pass-settings`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(design(heroText)),
    });
  const first = await saveDesign('Bench Rewards');
  if (!first.ok) throw new Error(`pass settings: ${first.status} ${await first.text()}`);

  // The tenant's members, each with an issued pass held by one device (what Apple's register call stores).
  const seedStart = Date.now();
  await sql`insert into members (id, tenant_id, first_name, last_name, phone, membership_code, points_balance)
    select md5(${tenantId} || '-' || i)::uuid::text, ${tenantId}, 'Member ' || i, '陳', '',
      'W' || lpad(i::text, 7, '0'), i % 5000
    from generate_series(1, ${DEVICES}) i`;
  await sql`insert into wallet_passes (member_id, tenant_id, updated_at)
    select id, tenant_id, date_trunc('second', now()) from members where tenant_id = ${tenantId}`;
  await sql`insert into wallet_registrations (device_library_id, pass_type_id, member_id, tenant_id, push_token)
    select 'device' || md5(id), ${credentials.passTypeId}, id, tenant_id, md5(id) || md5('t' || id)
    from members where tenant_id = ${tenantId}`;
  await sql`analyze members`;
  await sql`analyze wallet_passes`;
  await sql`analyze wallet_registrations`;
  out.seedSeconds = (Date.now() - seedStart) / 1000;
  log(`${DEVICES.toLocaleString('en')} members, passes and registrations seeded in ${out.seedSeconds} s`);
  const ids = (await sql`select id from members where tenant_id = ${tenantId} order by id limit ${PASSES}`).map(
    (r) => r.id as string,
  );

  // Warm-up: the tenant's images resized once, the code paths compiled.
  for (let i = 0; i < 20; i++) await download(api.base, headers, ids[i] as string);

  // 200 at once.
  const burstStart = performance.now();
  const burst = await Promise.allSettled(ids.slice(0, CONCURRENT).map((id) => download(api.base, headers, id)));
  const burstMs = burst.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  out.concurrent = {
    requests: CONCURRENT,
    ok: burstMs.length,
    errors: CONCURRENT - burstMs.length,
    firstError: burst.find((r) => r.status === 'rejected')?.reason?.message,
    p50: percentile(burstMs, 50),
    p95: percentile(burstMs, 95),
    totalMs: performance.now() - burstStart,
  };
  log(`200 concurrent downloads: ${JSON.stringify(out.concurrent)}`);

  // One at a time: what one pass costs over HTTP (the route, its token insert, building and signing).
  const single: number[] = [];
  for (let i = 0; i < 300; i++) single.push(await download(api.base, headers, ids[i] as string));
  out.single = { requests: single.length, p50: percentile(single, 50), p95: percentile(single, 95) };
  log(`one at a time: ${JSON.stringify(out.single)}`);
  // The same on a second process whose firebase-admin skips the per-request getUser it makes only against the
  // Auth emulator (bench/lib/production-token-path.mjs), as with a real project; stopped before the fan-out,
  // which one instance does alone.
  const preload = pathToFileURL(join(import.meta.dirname, 'lib/production-token-path.mjs')).href;
  const real = await startApi({
    port: await benchPort(),
    dataDir,
    emulatorHost,
    databaseUrl,
    extraEnv: { APNS_URL: apns.url, APNS_CA_FILE: apns.caFile },
    nodeArgs: ['--import', preload],
  });
  for (let i = 0; i < 20; i++) await download(real.base, headers, ids[i] as string);
  const singleReal: number[] = [];
  for (let i = 0; i < 300; i++) singleReal.push(await download(real.base, headers, ids[i] as string));
  await real.stop();
  out.singleProductionTokens = {
    requests: singleReal.length,
    p50: percentile(singleReal, 50),
    p95: percentile(singleReal, 95),
  };
  log(`one at a time, production token path: ${JSON.stringify(out.singleProductionTokens)}`);

  // 10,000 passes, 10 at a time, the server's RSS sampled every 2,000.
  const rss: number[] = [rssMiB(api.pid)];
  let next = 0;
  let done = 0;
  let errors = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++] as string;
      await download(api.base, headers, id).catch(() => errors++);
      if (++done % 2000 === 0) rss.push(rssMiB(api.pid));
    }
  };
  const manyStart = Date.now();
  await Promise.all(Array.from({ length: 10 }, worker));
  if (done % 2000 !== 0) rss.push(rssMiB(api.pid));
  out.many = { passes: ids.length, errors, seconds: (Date.now() - manyStart) / 1000, rssMiB: rss };
  log(`${ids.length.toLocaleString('en')} passes: ${JSON.stringify(out.many)}`);

  // Fan-out: the design saved, then every device pushed.
  apns.pushes.length = 0;
  const connectionsBefore = apns.connections.count;
  const fanStart = Date.now();
  const saved = await saveDesign('Bench Rewards, new design');
  const saveMs = Date.now() - fanStart;
  if (!saved.ok) throw new Error(`pass settings: ${saved.status} ${await saved.text()}`);
  const deadline = Date.now() + 300_000;
  let lastLog = Date.now();
  while (apns.pushes.length < DEVICES && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    if (Date.now() - lastLog > 10_000) {
      log(`fan-out: ${apns.pushes.length.toLocaleString('en')} pushes after ${(Date.now() - fanStart) / 1000} s`);
      lastLog = Date.now();
    }
  }
  const distinct = new Set(apns.pushes.map((p) => p.pushToken)).size;
  out.fanOut = {
    devices: DEVICES,
    pushes: apns.pushes.length,
    distinctDevices: distinct,
    saveMs,
    seconds: distinct >= DEVICES ? (Date.now() - fanStart) / 1000 : undefined,
    connections: apns.connections.count - connectionsBefore,
    rssMiB: rssMiB(api.pid),
  };
  log(`fan-out: ${JSON.stringify(out.fanOut)}`);
  await api.stop();
} catch (error) {
  out.error = error instanceof Error ? error.message.split('\n').slice(0, 6).join('\n') : String(error);
  console.error(`wallet bench: ${out.error}`);
} finally {
  await stopAll();
  await apns.close();
  // The bench tenant goes, with its members, passes and registrations (all cascade from the tenant).
  if (tenantId) {
    await sql`delete from tenants where id = ${tenantId}`.catch(() => {});
    if (ownerUid) await sql`delete from accounts where firebase_uid = ${ownerUid}`.catch(() => {});
  }
  await sql.end();
  writeFileSync(outFile, JSON.stringify(out, null, 1));
  rmSync(work, { recursive: true, force: true });
}
