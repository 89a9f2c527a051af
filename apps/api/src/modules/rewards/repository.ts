import { randomUUID } from 'node:crypto';
import type { Redemption, RedemptionState, Reward, RewardBody } from '@loyalty/contracts';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { accounts, membershipTiers, pointsLedger, rewardClaims, rewardRedemptions, rewards } from '../../db/schema';

export type RewardRow = typeof rewards.$inferSelect;
type RedemptionRow = typeof rewardRedemptions.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Redemptions of each reward that still hold (not cancelled), all members together. The names are written out:
 * drizzle leaves a column of a one-table select unqualified, and inside this subquery that would be ambiguous.
 */
const redeemedColumn = sql<number>`(select count(*) from reward_redemptions rr
  where rr.tenant_id = "rewards"."tenant_id" and rr.reward_id = "rewards"."id" and rr.state <> 'CANCELLED')::int`.mapWith(
  Number,
);

export function toReward(row: RewardRow, redeemed = 0): Reward {
  return {
    id: row.id,
    name: row.name,
    nameZh: row.nameZh,
    nameCn: row.nameCn,
    description: row.description,
    kind: row.kind,
    value: row.value === null ? null : Number(row.value),
    pointsCost: row.pointsCost,
    tierIds: row.tierIds,
    stock: row.stock,
    perMemberLimit: row.perMemberLimit,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    active: row.active,
    imageUrl: row.imageUrl,
    redeemed,
    createdAt: row.createdAt.toISOString(),
  };
}

const columnsOf = (body: RewardBody) => ({
  ...body,
  value: body.value === null ? null : body.value.toFixed(2),
  validFrom: body.validFrom ? new Date(body.validFrom) : null,
  validTo: body.validTo ? new Date(body.validTo) : null,
});

/** Every reward of the tenant, cheapest first (a business offers tens, not thousands). */
export async function listRewards(db: Queries, tenantId: string): Promise<Reward[]> {
  const rows = await db
    .select({ row: rewards, redeemed: redeemedColumn })
    .from(rewards)
    .where(eq(rewards.tenantId, tenantId))
    .orderBy(asc(rewards.pointsCost), asc(rewards.name), asc(rewards.id));
  return rows.map((r) => toReward(r.row, r.redeemed));
}

export async function findReward(db: Queries, tenantId: string, id: string) {
  const [row] = await db
    .select({ row: rewards, redeemed: redeemedColumn })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, id)));
  return row;
}

export async function insertReward(db: Queries, tenantId: string, body: RewardBody): Promise<RewardRow> {
  const [row] = await db
    .insert(rewards)
    .values({ id: randomUUID(), tenantId, ...columnsOf(body) })
    .returning();
  if (!row) throw new Error('reward insert returned no row');
  return row;
}

export async function updateReward(db: Queries, tenantId: string, id: string, body: RewardBody) {
  const [row] = await db
    .update(rewards)
    .set({ ...columnsOf(body), updatedAt: sql`now()` })
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, id)))
    .returning();
  return row;
}

export async function deleteReward(db: Queries, tenantId: string, id: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .delete(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, id)))
    .returning();
  return row;
}

/** The ids among `ids` that are tiers of this tenant. */
export async function tenantTierIds(db: Queries, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: membershipTiers.id })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.tenantId, tenantId), inArray(membershipTiers.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Active rewards and how often the member holds each (not cancelled), for the card and the counter. */
export async function rewardsWithMemberCounts(db: Queries, tenantId: string, memberId: string) {
  return db
    .select({
      row: rewards,
      mine: sql<number>`(select count(*) from reward_redemptions rr
        where rr.tenant_id = "rewards"."tenant_id" and rr.reward_id = "rewards"."id"
        and rr.member_id = ${memberId} and rr.state <> 'CANCELLED')::int`.mapWith(Number),
    })
    .from(rewards)
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.active, true)))
    .orderBy(asc(rewards.pointsCost), asc(rewards.name), asc(rewards.id));
}

/** The member's redemptions of the reward that still count against its limit (cancelled ones do not). */
export async function countMemberRedemptions(db: Queries, tenantId: string, memberId: string, rewardId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(rewardRedemptions)
    .where(
      and(
        eq(rewardRedemptions.tenantId, tenantId),
        eq(rewardRedemptions.memberId, memberId),
        eq(rewardRedemptions.rewardId, rewardId),
        ne(rewardRedemptions.state, 'CANCELLED'),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes one of a limited stock: one guarded update, so the row's lock serialises the last ones and PostgreSQL
 * re-checks `stock > 0` for each waiter once the one before it commits. False when none is left.
 */
export async function takeStock(db: Queries, tenantId: string, rewardId: string): Promise<boolean> {
  const rows = await db
    .update(rewards)
    .set({ stock: sql`${rewards.stock} - 1` })
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, rewardId), sql`${rewards.stock} > 0`))
    .returning({ id: rewards.id });
  return rows.length > 0;
}

/** Gives one back to a limited stock (a cancelled redemption); an unlimited reward stays unlimited. */
export async function giveStockBack(db: Queries, tenantId: string, rewardId: string) {
  await db
    .update(rewards)
    .set({ stock: sql`${rewards.stock} + 1` })
    .where(and(eq(rewards.tenantId, tenantId), eq(rewards.id, rewardId), sql`${rewards.stock} is not null`));
}

export function toRedemption(
  row: RedemptionRow,
  names: { nameZh: string | null; nameCn: string | null } | null = null,
): Redemption {
  return {
    id: row.id,
    rewardId: row.rewardId,
    rewardName: row.rewardName,
    rewardNameZh: names?.nameZh ?? null,
    rewardNameCn: names?.nameCn ?? null,
    memberId: row.memberId,
    state: row.state,
    code: row.code,
    pointsCost: row.pointsCost,
    createdAt: row.createdAt.toISOString(),
    ...(row.branchId ? { branchId: row.branchId } : {}),
  };
}

export async function insertRedemption(
  db: Queries,
  values: typeof rewardRedemptions.$inferInsert,
): Promise<RedemptionRow> {
  const [row] = await db.insert(rewardRedemptions).values(values).returning();
  if (!row) throw new Error('redemption insert returned no row');
  return row;
}

export async function findRedemption(db: Queries, tenantId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.id, id)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function findRedemptionByEntry(db: Queries, tenantId: string, ledgerId: string) {
  const [row] = await db
    .select()
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.ledgerId, ledgerId)));
  return row;
}

export async function setRedemptionState(
  db: Queries,
  tenantId: string,
  id: string,
  state: RedemptionState,
  reversalId?: string,
) {
  const [row] = await db
    .update(rewardRedemptions)
    .set({ state, updatedAt: sql`now()`, ...(reversalId ? { reversalId } : {}) })
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.id, id)))
    .returning();
  if (!row) throw new Error('redemption update returned no row');
  return row;
}

/** A member's latest redemptions (the counter's panel lists the ones to hand over), with the reward's names. */
export async function memberRedemptions(db: Queries, tenantId: string, memberId: string, limit = 20) {
  const rows = await db
    .select({ row: rewardRedemptions, nameZh: rewards.nameZh, nameCn: rewards.nameCn })
    .from(rewardRedemptions)
    .leftJoin(
      rewards,
      and(eq(rewards.tenantId, rewardRedemptions.tenantId), eq(rewards.id, rewardRedemptions.rewardId)),
    )
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.memberId, memberId)))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(limit);
  return rows.map((r) => toRedemption(r.row, r));
}

export async function insertClaim(
  db: Queries,
  values: { code: string; tenantId: string; memberId: string; rewardId: string; minutes: number },
) {
  const [row] = await db
    .insert(rewardClaims)
    .values({
      code: values.code,
      tenantId: values.tenantId,
      memberId: values.memberId,
      rewardId: values.rewardId,
      // On the database's clock, as every other expiry.
      expiresAt: sql`now() + make_interval(mins => ${values.minutes})`,
    })
    .returning();
  if (!row) throw new Error('claim insert returned no row');
  return row;
}

/** The claim of this tenant under `code`, locked (two staff typing it at once: one wins), and whether it lapsed. */
export async function lockClaim(db: Queries, tenantId: string, code: string) {
  const [row] = await db
    .select({
      claim: rewardClaims,
      expired: sql<boolean>`${rewardClaims.expiresAt} <= now()`,
    })
    .from(rewardClaims)
    .where(and(eq(rewardClaims.tenantId, tenantId), eq(rewardClaims.code, code)))
    .for('update');
  return row;
}

export async function markClaimUsed(db: Queries, tenantId: string, code: string, redemptionId: string) {
  await db
    .update(rewardClaims)
    .set({ usedAt: sql`now()`, redemptionId })
    .where(and(eq(rewardClaims.tenantId, tenantId), eq(rewardClaims.code, code)));
}

/**
 * The member's claims still within their life (unused and not lapsed, or used since they were made), newest
 * first: what the card page shows and drops once used.
 */
export async function recentClaims(db: Queries, tenantId: string, memberId: string) {
  return db
    .select({
      claimCode: rewardClaims.code,
      rewardId: rewardClaims.rewardId,
      expiresAt: rewardClaims.expiresAt,
      used: sql<boolean>`${rewardClaims.usedAt} is not null`,
    })
    .from(rewardClaims)
    .where(
      and(
        eq(rewardClaims.tenantId, tenantId),
        eq(rewardClaims.memberId, memberId),
        sql`${rewardClaims.expiresAt} > now()`,
      ),
    )
    .orderBy(desc(rewardClaims.createdAt))
    .limit(20);
}

/** Redemptions per reward (not cancelled), most first, for the dashboard; a deleted reward by the name it had. */
export async function redemptionsPerReward(db: Queries, tenantId: string) {
  return db
    .select({
      rewardId: rewardRedemptions.rewardId,
      name: sql<string>`coalesce(${rewards.name}, ${rewardRedemptions.rewardName})`,
      nameZh: rewards.nameZh,
      nameCn: rewards.nameCn,
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(rewardRedemptions)
    .leftJoin(
      rewards,
      and(eq(rewards.tenantId, rewardRedemptions.tenantId), eq(rewards.id, rewardRedemptions.rewardId)),
    )
    .where(and(eq(rewardRedemptions.tenantId, tenantId), ne(rewardRedemptions.state, 'CANCELLED')))
    .groupBy(rewardRedemptions.rewardId, rewardRedemptions.rewardName, rewards.name, rewards.nameZh, rewards.nameCn)
    .orderBy(desc(sql`count(*)`), asc(sql`2`));
}

/**
 * When a claim code was used and the team user who redeemed it (null: an API key, or an account since removed):
 * the account's names as stored, for the counter to put in the reader's order.
 */
export async function claimUse(db: Queries, tenantId: string, usedAt: Date, redemptionId: string | null) {
  const [row] = redemptionId
    ? await db
        .select({ firstName: accounts.firstName, lastName: accounts.lastName })
        .from(rewardRedemptions)
        .innerJoin(accounts, eq(accounts.id, rewardRedemptions.accountId))
        .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.id, redemptionId)))
    : [];
  return { at: usedAt.toISOString(), by: row ?? null };
}

/** The Idempotency-Key the redemption's REDEEM entry was recorded under, if any. */
export async function redemptionEntryKey(db: Queries, tenantId: string, redemptionId: string) {
  const [row] = await db
    .select({ key: pointsLedger.idempotencyKey })
    .from(rewardRedemptions)
    .innerJoin(pointsLedger, eq(pointsLedger.id, rewardRedemptions.ledgerId))
    .where(and(eq(rewardRedemptions.tenantId, tenantId), eq(rewardRedemptions.id, redemptionId)));
  return row?.key ?? null;
}
