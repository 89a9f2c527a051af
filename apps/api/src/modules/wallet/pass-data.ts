import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import {
  members,
  membershipTiers,
  messages,
  passSettings,
  pointsConversionSettings,
  pointsLots,
  stampCardSettings,
  storeSettings,
  tenants,
  walletPasses,
} from '../../db/schema';
import { locatedBranches } from '../branches';
import { spendableColumn } from '../members';
import { rewardsForMember } from '../rewards';
import { stripPath } from '../stamp-card';

// The pass model both wallets draw from: Apple's pass builder and Google's loyalty object read the same member
// data here, so the two cards never disagree on what they show.

/**
 * The points the member was warned of (expiryWarningDays, the scheduled warnings) that still lapse: their sum and
 * the soonest expiry (ms), or null. The pass's "expiring" field shows them from the warning until they lapse.
 */
const expiringColumn = sql<{ points: number; at: number } | null>`(select json_build_object(
    'points', sum(${pointsLots.remaining}), 'at', extract(epoch from min(${pointsLots.expiresAt})) * 1000)
  from ${pointsLots}
  where ${pointsLots.tenantId} = ${members.tenantId} and ${pointsLots.memberId} = ${members.id}
    and ${pointsLots.remaining} > 0 and ${pointsLots.warnedAt} is not null and ${pointsLots.expiresAt} > now()
  having sum(${pointsLots.remaining}) > 0)`;

/** Apple shows at most 10 locations; Google takes as many merchant locations. */
export const PASS_LOCATIONS_MAX = 10;

/** Everything one member's pass shows, read in one round trip. */
export async function findPassData(db: Queries, tenantId: string, memberId: string) {
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
      tierId: members.tierId,
      businessName: tenants.businessName,
      // The business profile's language: what pass.json says, for phones in a language the pass lacks.
      language: tenants.language,
      timeZone: tenants.timeZone,
      passUpdatedAt: walletPasses.updatedAt,
      // The latest message to cardholders, in the member's language (else the business's), else English.
      news: sql<string | null>`case coalesce(${members.language}, ${tenants.language})
        when 'zh-Hant' then coalesce(${messages.textZh}, ${messages.text})
        when 'zh-Hans' then coalesce(${messages.textCn}, ${messages.text})
        else ${messages.text} end`,
      expiring: expiringColumn,
      // The stamp card (docs/design.md §10): stamps on the current card and its size once started.
      stamps: members.stamps,
      stampCardSize: members.stampCardSize,
      cardsCompleted: members.cardsCompleted,
      // Points are off when the point settings are inactive or unsaved (docs/design.md §4, §10).
      pointsActive: sql<boolean>`coalesce((select ${pointsConversionSettings.isActive} from ${pointsConversionSettings}
        where ${pointsConversionSettings.tenantId} = ${members.tenantId}), false)`,
      homeBranchId: members.homeBranchId,
    })
    .from(members)
    .innerJoin(tenants, eq(tenants.id, members.tenantId))
    .leftJoin(
      membershipTiers,
      and(eq(membershipTiers.tenantId, members.tenantId), eq(membershipTiers.id, members.tierId)),
    )
    .leftJoin(walletPasses, eq(walletPasses.memberId, members.id))
    .leftJoin(messages, and(eq(messages.tenantId, members.tenantId), eq(messages.id, walletPasses.newsMessageId)))
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  if (!row) return undefined;
  const { tierId, expiring, stamps, stampCardSize, cardsCompleted, homeBranchId, ...shown } = row;
  const [[design], [store], offered, [stampCard], located] = await Promise.all([
    db.select().from(passSettings).where(eq(passSettings.tenantId, tenantId)),
    db.select().from(storeSettings).where(eq(storeSettings.tenantId, tenantId)),
    rewardsForMember(db, tenantId, { id: memberId, tierId, spendable: row.points }),
    db
      .select({ stampsPerCard: stampCardSettings.stampsPerCard })
      .from(stampCardSettings)
      .where(eq(stampCardSettings.tenantId, tenantId)),
    locatedBranches(db, tenantId),
  ]);
  // The active branches with coordinates the pass comes forward near (docs/design.md §10): the member's home
  // branch first, then the others oldest first, at most Apple's 10.
  const locations = [...located.filter((b) => b.id === homeBranchId), ...located.filter((b) => b.id !== homeBranchId)]
    .slice(0, PASS_LOCATIONS_MAX)
    .map((b) => ({
      latitude: b.latitude as number,
      longitude: b.longitude as number,
      relevantText: b.relevantText,
      relevantTextZh: b.relevantTextZh,
      relevantTextCn: b.relevantTextCn,
    }));
  // The back lists what the member can afford now; the pass is rebuilt whenever the balance moves.
  const rewards = offered
    .filter((r) => r.available)
    .map((r) => ({ name: r.name, nameZh: r.nameZh, nameCn: r.nameCn, pointsCost: r.pointsCost }));
  const soon = expiring && { points: Number(expiring.points), expiresAt: new Date(Number(expiring.at)) };
  // The card a pass draws: the current card's size once it has a stamp, else the business's next card's.
  const stampsShown = stampCard
    ? { stamps, stampsPerCard: stamps > 0 && stampCardSize ? stampCardSize : stampCard.stampsPerCard, cardsCompleted }
    : null;
  const colours = design
    ? `${design.backgroundColor}${design.foregroundColor}${design.labelColor}`.replaceAll('#', '')
    : 'default';
  const stampImage = stampsShown && stripPath(tenantId, stampsShown.stamps, stampsShown.stampsPerCard, colours);
  return {
    ...shown,
    expiring: soon,
    design,
    store,
    rewards,
    stampCard: stampsShown && { ...stampsShown, imagePath: stampImage ?? '' },
    locations,
  };
}

/** The member's stamp card as a pass draws it: `3/8`, and the cards completed (their change tells the lock screen). */
export type PassStampCard = { stamps: number; stampsPerCard: number; cardsCompleted: number; imagePath?: string };

/** A reward the member can afford, as the pass's back lists it. */
export type PassReward = { name: string; nameZh: string | null; nameCn: string | null; pointsCost: number };

export type PassData = Omit<
  NonNullable<Awaited<ReturnType<typeof findPassData>>>,
  'rewards' | 'stampCard' | 'pointsActive' | 'locations'
> & {
  pointsActive?: boolean;
  rewards?: PassReward[];
  /** The stamp card the pass draws (docs/design.md §10); null or absent when the business has none. */
  stampCard?: PassStampCard | null;
  locations?: PassLocation[];
};

/** A branch the pass comes forward near, with its lock-screen text in each language. */
export type PassLocation = {
  latitude: number;
  longitude: number;
  relevantText: string | null;
  relevantTextZh: string | null;
  relevantTextCn: string | null;
};
