import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../../db/client';
import {
  passSettings,
  storeSettings,
  tenants,
  walletPasses,
  walletPassTokens,
  walletRegistrations,
} from '../../../db/schema';
import type { PassData } from '../pass-data';

/**
 * What a deleted member's voided pass shows: the tenant's design and name, nothing of the member (no name, code,
 * points or tier: the member's data went with the member). Undefined unless the pass is voided.
 */
export async function findVoidedPassData(
  db: Queries,
  tenantId: string,
  memberId: string,
): Promise<PassData | undefined> {
  const [pass] = await db
    .select({ updatedAt: walletPasses.updatedAt, businessName: tenants.businessName, language: tenants.language })
    .from(walletPasses)
    .innerJoin(tenants, eq(tenants.id, walletPasses.tenantId))
    .where(
      and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId), isNotNull(walletPasses.voidedAt)),
    );
  if (!pass) return undefined;
  const [design] = await db.select().from(passSettings).where(eq(passSettings.tenantId, tenantId));
  const [store] = await db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  return {
    memberId,
    firstName: '',
    lastName: '',
    membershipCode: '',
    points: 0,
    tierName: null,
    tierNameZh: null,
    tierNameCn: null,
    businessName: pass.businessName,
    language: pass.language,
    timeZone: 'UTC',
    passUpdatedAt: pass.updatedAt,
    news: null,
    expiring: null,
    design,
    store,
  };
}

/**
 * A voided pass no device holds any more is forgotten with its tokens (its devices then get 401, as for a pass
 * that never was). Answers whether it was.
 */
export async function forgetVoidedPassIfUnheld(db: Queries, tenantId: string, memberId: string): Promise<boolean> {
  const forgotten = await db
    .delete(walletPasses)
    .where(
      and(
        eq(walletPasses.tenantId, tenantId),
        eq(walletPasses.memberId, memberId),
        isNotNull(walletPasses.voidedAt),
        sql`not exists (select 1 from ${walletRegistrations} r where r.tenant_id = ${tenantId} and r.member_id = ${memberId})`,
      ),
    )
    .returning({ memberId: walletPasses.memberId });
  if (forgotten.length === 0) return false;
  await db
    .delete(walletPassTokens)
    .where(and(eq(walletPassTokens.tenantId, tenantId), eq(walletPassTokens.memberId, memberId)));
  return true;
}

/**
 * Creates the member's pass row on first issue (a download again changes nothing stored); answers the pass's
 * last-update time (the pass's "last update" field and Last-Modified) and its token version.
 */
export async function issuePass(db: Queries, tenantId: string, memberId: string) {
  const [row] = await db
    .insert(walletPasses)
    .values({ tenantId, memberId, updatedAt: sql`date_trunc('second', now())` })
    .onConflictDoUpdate({ target: walletPasses.memberId, set: { tenantId } })
    .returning({ updatedAt: walletPasses.updatedAt, tokenVersion: walletPasses.tokenVersion });
  return row as { updatedAt: Date; tokenVersion: number };
}

/** The pass behind a serial number (a member id) with its token version, whichever tenant it belongs to. */
export async function findPassBySerial(db: Queries, memberId: string) {
  const [pass] = await db
    .select({
      tenantId: walletPasses.tenantId,
      updatedAt: walletPasses.updatedAt,
      tokenVersion: walletPasses.tokenVersion,
    })
    .from(walletPasses)
    .where(eq(walletPasses.memberId, memberId));
  return pass;
}

/** Whether a token handed out before tokens were derived (0020) belongs to this pass: one look-up by its hash. */
export async function legacyTokenHeld(db: Queries, tenantId: string, memberId: string, tokenHash: string) {
  const rows = await db
    .select({ one: sql`1` })
    .from(walletPassTokens)
    .where(
      and(
        eq(walletPassTokens.tokenHash, tokenHash),
        eq(walletPassTokens.tenantId, tenantId),
        eq(walletPassTokens.memberId, memberId),
      ),
    );
  return rows.length > 0;
}

/** Revokes every token of the pass: a new version, and the old random tokens' hashes gone. */
export async function revokePassTokens(db: Database, tenantId: string, memberId: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(walletPasses)
      .set({ tokenVersion: sql`${walletPasses.tokenVersion} + 1` })
      .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
    await tx
      .delete(walletPassTokens)
      .where(and(eq(walletPassTokens.tenantId, tenantId), eq(walletPassTokens.memberId, memberId)));
  });
}

/**
 * The most devices one pass is registered on: one person's iPhones, Apple Watches and iPad with room to spare
 * (each registers on its own). A pass token is handed to a customer with no staff involved, so without a cap one
 * token registered 2,000 devices and one points change sent 2,001 pushes; past it a new device is refused and
 * the devices already registered keep theirs.
 */
export const DEVICES_PER_PASS = 10;

const registrationOf = (r: { deviceLibraryId: string; passTypeId: string; memberId: string }) =>
  and(
    eq(walletRegistrations.deviceLibraryId, r.deviceLibraryId),
    eq(walletRegistrations.passTypeId, r.passTypeId),
    eq(walletRegistrations.memberId, r.memberId),
  );

/**
 * Apple's register call: `created` (201), `renewed` when the device already had it (200, push token renewed),
 * `full` when the pass is on DEVICES_PER_PASS devices already (nothing written). A refusal is one indexed read;
 * only a device that may be added locks the pass row, so two devices registering at once cannot pass the cap.
 */
export async function register(
  db: Database,
  r: { deviceLibraryId: string; passTypeId: string; memberId: string; tenantId: string; pushToken: string },
): Promise<'created' | 'renewed' | 'full'> {
  const renew = (tx: Queries) =>
    tx
      .update(walletRegistrations)
      .set({ pushToken: r.pushToken, registeredAt: sql`now()` })
      .where(registrationOf(r))
      .returning({ memberId: walletRegistrations.memberId });
  const devices = (tx: Queries) =>
    tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(walletRegistrations)
      .where(and(eq(walletRegistrations.tenantId, r.tenantId), eq(walletRegistrations.memberId, r.memberId)));
  if ((await renew(db)).length > 0) return 'renewed';
  if (((await devices(db))[0]?.n ?? 0) >= DEVICES_PER_PASS) return 'full';
  return db.transaction(async (tx) => {
    await tx
      .select({ memberId: walletPasses.memberId })
      .from(walletPasses)
      .where(eq(walletPasses.memberId, r.memberId))
      .for('update');
    if ((await renew(tx)).length > 0) return 'renewed';
    if (((await devices(tx))[0]?.n ?? 0) >= DEVICES_PER_PASS) return 'full';
    await tx.insert(walletRegistrations).values(r);
    return 'created';
  });
}

export async function unregister(db: Queries, deviceLibraryId: string, passTypeId: string, memberId: string) {
  const removed = await db
    .delete(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.deviceLibraryId, deviceLibraryId),
        eq(walletRegistrations.passTypeId, passTypeId),
        eq(walletRegistrations.memberId, memberId),
      ),
    )
    .returning({ memberId: walletRegistrations.memberId });
  return removed.length > 0;
}

/**
 * A device token APNs calls dead holds no registration any more, and the passes it was on keep why, so their
 * status still tells. With 410's timestamp, a registration renewed since then stays (as Apple asks).
 */
export async function unregisterPushToken(db: Queries, pushToken: string, reason: string, since?: Date) {
  const conditions = [eq(walletRegistrations.pushToken, pushToken)];
  if (since) conditions.push(sql`${walletRegistrations.registeredAt} <= ${since.toISOString()}::timestamptz`);
  const removed = await db
    .delete(walletRegistrations)
    .where(and(...conditions))
    .returning({ tenantId: walletRegistrations.tenantId, memberId: walletRegistrations.memberId });
  for (const { tenantId, memberId } of removed) {
    await db
      .update(walletPasses)
      .set({ pushAttemptedAt: sql`now()`, pushError: `${reason}: device removed` })
      .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
  }
}

/**
 * Records one push round on the devices it went to: when each was tried, when APNs last took one, and the
 * error of the last try (null once one goes through). One statement with the answers as one JSON parameter, so
 * a fan-out's page of devices costs one round trip and one prepared statement, whatever its size.
 */
export async function recordPushes(
  db: Queries,
  tenantId: string,
  results: { pushToken: string; error: string | null }[],
) {
  if (results.length === 0) return;
  await db.execute(sql`update ${walletRegistrations} r
    set push_attempted_at = now(), pushed_at = case when v.error is null then now() else r.pushed_at end,
      push_error = v.error
    from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as v("pushToken" text, error text)
    where r.tenant_id = ${tenantId} and r.push_token = v."pushToken"`);
}

/** Microseconds since the epoch, as text: the `passesUpdatedSince` tag, exact and ordered. */
const tagOf = sql<string>`(floor(extract(epoch from ${walletPasses.updatedAt}) * 1000000))::bigint::text`;

/** Serial numbers of the device's passes changed after `since` (a tag), with the newest tag. */
export async function serialsUpdatedSince(db: Queries, deviceLibraryId: string, passTypeId: string, since?: string) {
  const conditions = [
    eq(walletRegistrations.deviceLibraryId, deviceLibraryId),
    eq(walletRegistrations.passTypeId, passTypeId),
  ];
  if (since) conditions.push(gt(walletPasses.updatedAt, sql`to_timestamp(${Number(since) / 1e6})`));
  const rows = await db
    .select({ serial: walletRegistrations.memberId, tag: tagOf })
    .from(walletRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.memberId, walletRegistrations.memberId))
    .where(and(...conditions))
    .orderBy(asc(walletPasses.updatedAt));
  return { serials: rows.map((r) => r.serial), lastUpdated: rows.at(-1)?.tag };
}

/** The push tokens of a member's registered devices: never more than DEVICES_PER_PASS, the first registered. */
export async function pushTokensOf(db: Database, tenantId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .select({ pushToken: walletRegistrations.pushToken })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.tenantId, tenantId), eq(walletRegistrations.memberId, memberId)))
    .groupBy(walletRegistrations.pushToken)
    .orderBy(sql`min(${walletRegistrations.createdAt})`, walletRegistrations.pushToken)
    .limit(DEVICES_PER_PASS);
  return rows.map((r) => r.pushToken);
}

/** One page of a tenant's push tokens, in token order, after `after` (keyset paging for the fan-out job). */
export async function pushTokensPage(db: Database, tenantId: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ pushToken: walletRegistrations.pushToken })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.tenantId, tenantId), gt(walletRegistrations.pushToken, after)))
    .orderBy(asc(walletRegistrations.pushToken))
    .limit(limit);
  return rows.map((r) => r.pushToken);
}

/** The pass's own record of a member push round: tried now; delivered (APNs took one) or the first error. */
export async function markPushed(
  db: Queries,
  tenantId: string,
  memberId: string,
  delivered: boolean,
  error: string | null,
) {
  await db
    .update(walletPasses)
    .set({
      pushAttemptedAt: sql`now()`,
      pushError: error,
      ...(delivered ? { pushedAt: sql`now()` } : {}),
    })
    .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
}

/**
 * What the member's detail shows of the pass: its last change; the last push attempt, the last one APNs took
 * and the last error, for the pass and for each device; how many devices hold it and how many of them failed
 * their last push. Nothing is marked pushed before APNs has answered 200.
 */
export async function passStatus(db: Database, tenantId: string, memberId: string) {
  const [pass] = await db
    .select({
      updatedAt: walletPasses.updatedAt,
      pushedAt: walletPasses.pushedAt,
      pushAttemptedAt: walletPasses.pushAttemptedAt,
      pushError: walletPasses.pushError,
    })
    .from(walletPasses)
    .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
  const devices = await db
    .select({
      registeredAt: walletRegistrations.createdAt,
      lastAttemptAt: walletRegistrations.pushAttemptedAt,
      lastDeliveredAt: walletRegistrations.pushedAt,
      lastError: walletRegistrations.pushError,
    })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.tenantId, tenantId), eq(walletRegistrations.memberId, memberId)))
    .orderBy(asc(walletRegistrations.createdAt), desc(walletRegistrations.deviceLibraryId))
    .limit(DEVICES_PER_PASS);
  const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
  const latest = (dates: (Date | null | undefined)[]) =>
    dates.reduce<Date | null>((a, b) => (b && (!a || b > a) ? b : a), null);
  // The newest error wins: a device's last try, or the pass's own (a round that removed a dead device).
  const errors = [
    { at: pass?.pushAttemptedAt, error: pass?.pushError },
    ...devices.map((d) => ({ at: d.lastAttemptAt, error: d.lastError })),
  ]
    .filter((e) => e.at)
    .sort((a, b) => (b.at as Date).getTime() - (a.at as Date).getTime());
  return {
    issued: Boolean(pass),
    updatedAt: iso(pass?.updatedAt),
    pushAttemptedAt: iso(latest([pass?.pushAttemptedAt, ...devices.map((d) => d.lastAttemptAt)])),
    pushedAt: iso(latest([pass?.pushedAt, ...devices.map((d) => d.lastDeliveredAt)])),
    pushError: errors[0]?.error ?? null,
    devices: devices.length,
    failingPushes: devices.filter((d) => d.lastError !== null).length,
    deviceStatus: devices.map((d) => ({
      registeredAt: d.registeredAt.toISOString(),
      lastAttemptAt: iso(d.lastAttemptAt),
      lastDeliveredAt: iso(d.lastDeliveredAt),
      lastError: d.lastError,
    })),
  };
}
