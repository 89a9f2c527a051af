import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  members,
  membershipTiers,
  passSettings,
  storeSettings,
  tenants,
  walletPasses,
  walletPassTokens,
  walletRegistrations,
} from '../../db/schema';
import { type Db, spendableColumn } from '../members/repository';

/** Everything one member's pass shows, read in one round trip. */
export async function findPassData(db: Db, tenantId: string, memberId: string) {
  const [row] = await db
    .select({
      memberId: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      membershipCode: members.membershipCode,
      points: spendableColumn,
      tierName: membershipTiers.name,
      tierNameZh: membershipTiers.nameZh,
      tierNameCn: membershipTiers.nameCn,
      businessName: tenants.businessName,
      passUpdatedAt: walletPasses.updatedAt,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(
      membershipTiers,
      and(eq(membershipTiers.tenantId, members.tenantId), eq(membershipTiers.id, members.tierId)),
    )
    .leftJoin(walletPasses, eq(walletPasses.memberId, members.id))
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  if (!row) return undefined;
  const [design] = await db.select().from(passSettings).where(eq(passSettings.tenantId, tenantId));
  const [store] = await db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId));
  return { ...row, design, store };
}

export type PassData = NonNullable<Awaited<ReturnType<typeof findPassData>>>;

/**
 * What a deleted member's voided pass shows: the tenant's design and name, nothing of the member (no name, code,
 * points or tier: the member's data went with the member). Undefined unless the pass is voided.
 */
export async function findVoidedPassData(db: Db, tenantId: string, memberId: string): Promise<PassData | undefined> {
  const [pass] = await db
    .select({ updatedAt: walletPasses.updatedAt, businessName: tenants.businessName })
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
    passUpdatedAt: pass.updatedAt,
    design,
    store,
  };
}

/**
 * A voided pass no device holds any more is forgotten with its tokens (its devices then get 401, as for a pass
 * that never was). Answers whether it was.
 */
export async function forgetVoidedPassIfUnheld(db: Db, tenantId: string, memberId: string): Promise<boolean> {
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
 * Creates the member's pass row on first issue and stores a new token's hash; answers the pass's
 * last-update time (the pass's "last update" field and Last-Modified).
 */
export async function issuePass(db: Database, tenantId: string, memberId: string, tokenHash: string): Promise<Date> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(walletPasses)
      .values({ tenantId, memberId, updatedAt: sql`date_trunc('second', now())` })
      .onConflictDoUpdate({ target: walletPasses.memberId, set: { tenantId } })
      .returning({ updatedAt: walletPasses.updatedAt });
    await tx.insert(walletPassTokens).values({ tokenHash, tenantId, memberId });
    return row?.updatedAt as Date;
  });
}

/** The pass behind a serial number (a member id) with its token hashes, whichever tenant it belongs to. */
export async function findPassBySerial(db: Db, memberId: string) {
  const [pass] = await db
    .select({ tenantId: walletPasses.tenantId, updatedAt: walletPasses.updatedAt })
    .from(walletPasses)
    .where(eq(walletPasses.memberId, memberId));
  if (!pass) return undefined;
  const tokens = await db
    .select({ hash: walletPassTokens.tokenHash })
    .from(walletPassTokens)
    .where(and(eq(walletPassTokens.tenantId, pass.tenantId), eq(walletPassTokens.memberId, memberId)));
  return { ...pass, tokenHashes: tokens.map((t) => t.hash) };
}

/** Apple's register call: true when new (201), false when the device already had it (200, push token renewed). */
export async function register(
  db: Database,
  r: { deviceLibraryId: string; passTypeId: string; memberId: string; tenantId: string; pushToken: string },
): Promise<boolean> {
  const [existing] = await db
    .select({ pushToken: walletRegistrations.pushToken })
    .from(walletRegistrations)
    .where(
      and(
        eq(walletRegistrations.deviceLibraryId, r.deviceLibraryId),
        eq(walletRegistrations.passTypeId, r.passTypeId),
        eq(walletRegistrations.memberId, r.memberId),
      ),
    );
  const [inserted] = await db
    .insert(walletRegistrations)
    .values(r)
    .onConflictDoUpdate({
      target: [walletRegistrations.deviceLibraryId, walletRegistrations.passTypeId, walletRegistrations.memberId],
      set: { pushToken: r.pushToken },
    })
    .returning({ memberId: walletRegistrations.memberId });
  return Boolean(inserted) && !existing;
}

export async function unregister(db: Db, deviceLibraryId: string, passTypeId: string, memberId: string) {
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

/** A device Apple reports gone (410) holds no registration any more. */
export async function unregisterPushToken(db: Db, pushToken: string) {
  await db.delete(walletRegistrations).where(eq(walletRegistrations.pushToken, pushToken));
}

/** Microseconds since the epoch, as text: the `passesUpdatedSince` tag, exact and ordered. */
const tagOf = sql<string>`(floor(extract(epoch from ${walletPasses.updatedAt}) * 1000000))::bigint::text`;

/** Serial numbers of the device's passes changed after `since` (a tag), with the newest tag. */
export async function serialsUpdatedSince(db: Db, deviceLibraryId: string, passTypeId: string, since?: string) {
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

/** The push tokens of a member's registered devices. */
export async function pushTokensOf(db: Database, tenantId: string, memberId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ pushToken: walletRegistrations.pushToken })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.tenantId, tenantId), eq(walletRegistrations.memberId, memberId)));
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

export async function markPushed(db: Db, tenantId: string, memberId: string) {
  await db
    .update(walletPasses)
    .set({ pushedAt: sql`now()` })
    .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
}

/** What the member's detail shows of the pass: its last change and push, and how many devices hold it. */
export async function passStatus(db: Database, tenantId: string, memberId: string) {
  const [pass] = await db
    .select({ updatedAt: walletPasses.updatedAt, pushedAt: walletPasses.pushedAt })
    .from(walletPasses)
    .where(and(eq(walletPasses.tenantId, tenantId), eq(walletPasses.memberId, memberId)));
  const [devices] = await db
    .select({ n: sql<number>`count(distinct ${walletRegistrations.deviceLibraryId})`.mapWith(Number) })
    .from(walletRegistrations)
    .where(and(eq(walletRegistrations.tenantId, tenantId), eq(walletRegistrations.memberId, memberId)));
  return {
    issued: Boolean(pass),
    updatedAt: pass?.updatedAt.toISOString() ?? null,
    pushedAt: pass?.pushedAt?.toISOString() ?? null,
    devices: devices?.n ?? 0,
  };
}
