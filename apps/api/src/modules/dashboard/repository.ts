import type { Dashboard } from '@loyalty/contracts';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import {
  erasedMembers,
  googleWalletObjects,
  members,
  membershipTiers,
  pointsConversionSettings,
  pointsLedger,
  pointsLots,
  tenantUsers,
  walletRegistrations,
} from '../../db/schema';
import { redemptionsPerReward } from '../rewards';
import { businessMonthStart, issuedEntry } from './figures';

const int = (value: unknown) => Number(value ?? 0);

/** Percent change, one decimal; null when there is nothing to compare against. */
export const trendPercent = (now: number, before: number) =>
  before === 0 ? null : Math.round(((now - before) / before) * 1000) / 10;

/** The tenant id of every dashboard statement, given at execution. */
const tenant = sql.placeholder('tenantId');
/** Months are the business's, in its time zone. */
const monthStart = businessMonthStart(sql`${tenant}`);

/** The dashboard's statements, prepared once per database: the screen runs all of them on every load. */
const statements = preparedStatements((db: Database) => ({
  team: db.select({ n: count() }).from(tenantUsers).where(eq(tenantUsers.tenantId, tenant)).prepare('dashboard_team'),
  memberCounts: db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${members.status} = 'active')`.mapWith(int),
    })
    .from(members)
    .where(eq(members.tenantId, tenant))
    .prepare('dashboard_memberCounts'),
  issued: db
    .select({
      thisMonth:
        sql<number>`coalesce(sum(${pointsLedger.points}) filter (where ${pointsLedger.createdAt} >= ${monthStart}), 0)`.mapWith(
          int,
        ),
      lastMonth:
        sql<number>`coalesce(sum(${pointsLedger.points}) filter (where ${pointsLedger.createdAt} < ${monthStart}), 0)`.mapWith(
          int,
        ),
    })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.tenantId, tenant),
        issuedEntry,
        sql`${pointsLedger.createdAt} >= ${monthStart} - interval '1 month'`,
      ),
    )
    .prepare('dashboard_issued'),
  // An erased member's points stay in the figures (its ledger and lots do): its balance is kept without the person.
  balances: db
    .select({
      sum: sql<number>`coalesce(sum(${members.pointsBalance}), 0) + (select coalesce(sum(${erasedMembers.pointsBalance}), 0)
        from ${erasedMembers} where ${erasedMembers.tenantId} = ${tenant})`.mapWith(int),
    })
    .from(members)
    .where(eq(members.tenantId, tenant))
    .prepare('dashboard_balances'),
  expired: db
    .select({ sum: sql<number>`coalesce(sum(${pointsLots.remaining}), 0)`.mapWith(int) })
    .from(pointsLots)
    .where(and(eq(pointsLots.tenantId, tenant), sql`${pointsLots.remaining} > 0 and ${pointsLots.expiresAt} <= now()`))
    .prepare('dashboard_expired'),
  rates: db
    .select({ points: pointsConversionSettings.redeemRatePoints, amount: pointsConversionSettings.redeemRateAmount })
    .from(pointsConversionSettings)
    .where(eq(pointsConversionSettings.tenantId, tenant))
    .prepare('dashboard_rates'),
  // A card counts once it is in a wallet: its Apple pass registered on at least one device (Apple's web
  // service), or its Google object confirmed by Google (an insert or PATCH answered 200, or `hasUsers` on a
  // read). A member with both counts once.
  cards: db
    .select({ n: sql<number>`count(*)`.mapWith(int) })
    .from(
      db
        .select({ memberId: walletRegistrations.memberId })
        .from(walletRegistrations)
        // A deleted member's voided pass, still on devices until they let it go, is no card.
        .innerJoin(
          members,
          and(eq(members.tenantId, walletRegistrations.tenantId), eq(members.id, walletRegistrations.memberId)),
        )
        .where(eq(walletRegistrations.tenantId, tenant))
        .union(
          db
            .select({ memberId: googleWalletObjects.memberId })
            .from(googleWalletObjects)
            .where(and(eq(googleWalletObjects.tenantId, tenant), isNotNull(googleWalletObjects.confirmedAt))),
        )
        .as('cards'),
    )
    .prepare('dashboard_wallet_cards'),
  mix: db
    .select({
      tierId: membershipTiers.id,
      name: membershipTiers.name,
      nameZh: membershipTiers.nameZh,
      nameCn: membershipTiers.nameCn,
      color: membershipTiers.color,
      count: count(),
    })
    .from(members)
    .leftJoin(membershipTiers, eq(membershipTiers.id, members.tierId))
    .where(eq(members.tenantId, tenant))
    .groupBy(membershipTiers.id)
    .orderBy(asc(membershipTiers.sortOrder), asc(membershipTiers.name))
    .prepare('dashboard_mix'),
}));

/**
 * The tenant's live figures. Outstanding points subtract lots past their expiry at read time, the same
 * rule as the member list and detail, so all three agree at any instant.
 */
export async function dashboardFigures(db: Database, tenantId: string): Promise<Dashboard> {
  const q = statements(db);
  const [team, memberCounts, issued, balances, expired, rates, cards, mix, perReward] = await Promise.all([
    q.team.execute({ tenantId }),
    q.memberCounts.execute({ tenantId }),
    q.issued.execute({ tenantId }),
    q.balances.execute({ tenantId }),
    q.expired.execute({ tenantId }),
    q.rates.execute({ tenantId }),
    q.cards.execute({ tenantId }),
    q.mix.execute({ tenantId }),
    redemptionsPerReward(db, tenantId),
  ]);
  const outstanding = int(balances[0]?.sum) - int(expired[0]?.sum);
  const rate = rates[0];
  // Whole cents: points × amount-cents / rate-points, floored.
  const liabilityCents = rate
    ? (BigInt(outstanding) * BigInt(Math.round(Number(rate.amount) * 100))) / BigInt(rate.points)
    : 0n;
  const total = memberCounts[0]?.total ?? 0;
  const active = int(memberCounts[0]?.active);
  const thisMonth = int(issued[0]?.thisMonth);
  const lastMonth = int(issued[0]?.lastMonth);
  return {
    teamUsers: team[0]?.n ?? 0,
    members: { total, active },
    pointsIssued: { thisMonth, lastMonth, trendPercent: trendPercent(thisMonth, lastMonth) },
    pointsOutstanding: outstanding,
    liability: Number(liabilityCents) / 100,
    // A card counts once it is in a wallet: an Apple pass on a device or a Google object Google confirmed.
    walletCards: { count: int(cards[0]?.n), basis: 'wallet' },
    tierMix: mix.map((t) => ({
      tierId: t.tierId,
      name: t.name ?? 'No tier',
      // The Chinese names only when the tier has them (the answer keeps its shape otherwise).
      ...(t.nameZh ? { nameZh: t.nameZh } : {}),
      ...(t.nameCn ? { nameCn: t.nameCn } : {}),
      color: t.color ?? '#9ca3af',
      count: t.count,
    })),
    rewardRedemptions: perReward,
  };
}
