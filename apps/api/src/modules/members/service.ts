import { randomUUID } from 'node:crypto';
import {
  BRANCH_MESSAGES,
  type CounterMember,
  type CreateMemberBody,
  MEMBER_MESSAGES,
  type MemberDetail,
  type MemberRow,
  type Page,
  PHONE_PATTERN,
  toPage,
  type UpdateMemberBody,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import type { ListVersion } from '../../db/list-version';
import { members } from '../../db/schema';
import { uniqueField } from '../../db/unique-field';
import type { ChangeFeed, RecordChange } from '../../lib/changes';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { Loaded } from '../../lib/versioned-cache';
import { ownBranchIds } from '../branches';
import {
  centsToNumber,
  earnTerms,
  effectiveTierId,
  getPolicy,
  loadRates,
  loadTiers,
  memberTierReview,
  nextTier,
  type Rates,
  redeemTerms,
  type TierRow,
  toCents,
} from '../points';
import { nationalPhoneOf } from './counter-phone';
import { eraseMemberAndAccount } from './erase';
import { memberData } from './events';
import type { AnchorCache } from './page-anchors';
import {
  findMemberRow,
  findMemberRowByCode,
  findMemberRowByPhone,
  type ListParams,
  listMembers,
  nextMembershipCode,
  takenContacts,
} from './repository';
import type { TierNameCache } from './tier-names';

const conflictOn = (errors: Record<string, string>) =>
  new AppError(409, Object.values(errors)[0] as string, { error: 'CONFLICT', errors });

async function assertContactsFree(
  db: Queries,
  tenantId: string,
  email: string | null,
  phone: string,
  exceptId?: string,
) {
  const taken = await takenContacts(db, tenantId, email, phone, exceptId);
  const errors: Record<string, string> = {};
  if (taken.email) errors.email = MEMBER_MESSAGES.emailTaken;
  if (taken.phone) errors.phone = MEMBER_MESSAGES.phoneTaken;
  if (Object.keys(errors).length) throw conflictOn(errors);
}

function rethrowUnique(error: unknown): never {
  const field = uniqueField(error);
  if (field === 'email') throw conflictOn({ email: MEMBER_MESSAGES.emailTaken });
  if (field === 'phone') throw conflictOn({ phone: MEMBER_MESSAGES.phoneTaken });
  throw error;
}

function pickTier(tiers: TierRow[], tierId: string | null) {
  if (tierId === null) return null;
  const tier = tiers.find((t) => t.id === tierId);
  if (!tier) throw badRequest({ tierId: 'Choose one of this business’s membership tiers' });
  return tier;
}

/** What the audit trail records of a member: the fields an admin sets. */
const auditedMember = (m: {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  status?: string;
  tierId: string | null;
  tierPinned: boolean;
  birthday?: string | null;
}) => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  phone: m.phone,
  status: m.status ?? 'active',
  tierId: m.tierId,
  tierPinned: m.tierPinned,
  birthday: m.birthday ?? null,
});

const noRecord: RecordChange = async () => {};

/** A home branch must be one of this business's: another's is not found, as everything of theirs. */
async function assertOwnHomeBranch(db: Database, tenantId: string, branchId: string | null | undefined) {
  if (!branchId || (await ownBranchIds(db, tenantId, [branchId])).has(branchId)) return;
  throw new AppError(404, BRANCH_MESSAGES.BRANCH_NOT_FOUND, {
    error: 'BRANCH_NOT_FOUND',
    errors: { homeBranchId: BRANCH_MESSAGES.BRANCH_NOT_FOUND },
  });
}

async function createMember(
  db: Database,
  feed: ChangeFeed,
  tenantId: string,
  body: CreateMemberBody,
  recordChange: RecordChange = noRecord,
): Promise<string> {
  const email = body.email ? body.email.toLowerCase() : null;
  await assertContactsFree(db, tenantId, email, body.phone);
  await assertOwnHomeBranch(db, tenantId, body.homeBranchId);
  try {
    return await db.transaction(async (tx) => {
      const tiers = await loadTiers(tx, tenantId);
      const pinned = pickTier(tiers, body.tierId);
      const id = randomUUID();
      const values = {
        id,
        tenantId,
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        phone: body.phone,
        membershipCode: await nextMembershipCode(tx, tenantId),
        tierId: pinned ? pinned.id : effectiveTierId(false, null, 0n, tiers),
        tierPinned: pinned !== null,
        birthday: body.birthday ?? null,
        homeBranchId: body.homeBranchId ?? null,
      };
      const [made] = await tx.insert(members).values(values).returning();
      await recordChange(tx, 'members', {
        action: 'member.create',
        target: { type: 'member', id },
        after: { ...auditedMember(values), membershipCode: values.membershipCode },
      });
      await feed.publish(tx, tenantId, [
        { type: 'member.created', member: memberData(made as typeof members.$inferSelect), origin: 'staff' },
      ]);
      return id;
    });
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function updateMember(
  db: Database,
  feed: ChangeFeed,
  tenantId: string,
  id: string,
  body: UpdateMemberBody,
  recordChange: RecordChange = noRecord,
): Promise<void> {
  const email = body.email ? body.email.toLowerCase() : null;
  await assertContactsFree(db, tenantId, email, body.phone, id);
  await assertOwnHomeBranch(db, tenantId, body.homeBranchId);
  try {
    await db.transaction(async (tx) => {
      const [member] = await tx
        .select({
          lifetimeSpend: members.lifetimeSpend,
          firstName: members.firstName,
          lastName: members.lastName,
          email: members.email,
          phone: members.phone,
          status: members.status,
          tierId: members.tierId,
          tierPinned: members.tierPinned,
          birthday: members.birthday,
        })
        .from(members)
        .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
        .for('update');
      if (!member) throw notFound('Member not found');
      const tiers = await loadTiers(tx, tenantId);
      const pinned = pickTier(tiers, body.tierId);
      const change = {
        firstName: body.firstName,
        lastName: body.lastName,
        email,
        phone: body.phone,
        status: body.status,
        tierPinned: pinned !== null,
        tierId: pinned ? pinned.id : effectiveTierId(false, null, toCents(member.lifetimeSpend), tiers),
        // A body without it (a client of the spec's form) keeps the stored birthday (docs/design.md §10).
        birthday: body.birthday === undefined ? member.birthday : body.birthday,
        // A body without it keeps the home branch (docs/design.md §10).
        ...(body.homeBranchId !== undefined ? { homeBranchId: body.homeBranchId } : {}),
      };
      const [updated] = await tx
        .update(members)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
        .returning();
      await recordChange(tx, 'members', {
        action: 'member.update',
        target: { type: 'member', id },
        before: auditedMember(member),
        after: auditedMember(change),
      });
      const after = updated as typeof members.$inferSelect;
      await feed.publish(tx, tenantId, [
        { type: 'member.updated', member: memberData(after), fromTierId: member.tierId },
      ]);
    });
  } catch (error) {
    rethrowUnique(error);
  }
}

/**
 * The admin's delete is the customer's erasure (docs/design.md §9): the person goes, the ledger stays for the figures,
 * and so does their phone sign-in account when no other business holds a card for it (erase.ts).
 */
export async function deleteMember(
  deps: Parameters<typeof eraseMemberAndAccount>[0],
  tenantId: string,
  id: string,
  recordChange: RecordChange = noRecord,
): Promise<void> {
  await eraseMemberAndAccount(deps, tenantId, id, recordChange);
}

/**
 * One page of the members list as the cache keeps it: the total from the version read, deep pages from
 * their anchors, and the time the page goes stale because the first of its points expire (the balances
 * shown leave expired points out, and expiring writes nothing).
 */
export async function memberPage(
  db: Database,
  caches: { anchors: AnchorCache; tierNames: TierNameCache },
  tenantId: string,
  params: ListParams,
  list: ListVersion,
): Promise<Loaded<Page<MemberRow>>> {
  const { rows, total, staleAt } = await listMembers(db, tenantId, params, {
    total: list.members,
    seek: (offset) => caches.anchors.seek(db, tenantId, list.orderVersion, offset),
    tierNames: () => caches.tierNames.get(db, tenantId, list.version),
  });
  return { value: toPage(rows, total, params.page, params.size), staleAt };
}

/** Adds a member (createMember) and answers with its detail, as the new member's page shows it. */
export async function addMember(
  db: Database,
  feed: ChangeFeed,
  tenantId: string,
  body: CreateMemberBody,
  recordChange: RecordChange,
): Promise<MemberDetail> {
  const id = await createMember(db, feed, tenantId, body, recordChange);
  return memberDetail(db, tenantId, id);
}

export async function memberDetail(db: Database, tenantId: string, id: string): Promise<MemberDetail> {
  const [row, tiers, rates, policy] = await Promise.all([
    findMemberRow(db, tenantId, id),
    loadTiers(db, tenantId),
    loadRates(db, tenantId),
    getPolicy(db, tenantId),
  ]);
  const detail = detailOf(row, tiers, rates);
  return { ...detail, tierReview: await memberTierReview(db, tenantId, detail.userId, policy, tiers, new Date()) };
}

/**
 * The counter's member panel (GET /api/tenants/member/by-code/{code}): the member whose membership code is
 * the text in any letter case, or else the member with that phone, typed in international format or in the
 * business's national one (counter-phone.ts); the member detail plus the earn terms a till shows before a
 * purchase. 404 otherwise. The tenant's tiers and rates are read alongside the member, so a code found costs
 * one round trip.
 */
export async function counterMember(db: Database, tenantId: string, text: string): Promise<CounterMember> {
  const find = async () => {
    const byCode = await findMemberRowByCode(db, tenantId, text);
    if (byCode) return byCode;
    const phone = phoneOf(text) ?? (await nationalPhoneOf(db, tenantId, text));
    return phone ? await findMemberRowByPhone(db, tenantId, phone) : undefined;
  };
  const [row, tiers, rates, policy] = await Promise.all([
    find(),
    loadTiers(db, tenantId),
    loadRates(db, tenantId),
    getPolicy(db, tenantId),
  ]);
  const detail = detailOf(row, tiers, rates, 'No member has this code or phone');
  // What keeps the tier, at the till: only with a policy saved (none: nothing to read beyond the member).
  const tierReview = await memberTierReview(db, tenantId, detail.userId, policy, tiers, new Date());
  return { ...detail, tierReview, earnTerms: earnTerms(rates) };
}

/**
 * A typed phone, as stored: spaces, dashes, dots and brackets dropped, then `+` and 2 to 15 digits (members'
 * phones are kept in that international format). Membership codes never start with `+`, so a text is read
 * as a code first and as a phone only when no code matches.
 */
function phoneOf(text: string): string | undefined {
  const compact = text.replace(/[\s\-.()]/g, '');
  return PHONE_PATTERN.test(compact) ? compact : undefined;
}

function detailOf(
  row: Awaited<ReturnType<typeof findMemberRow>>,
  tiers: TierRow[],
  rates: Rates | null,
  missing = 'Member not found',
): MemberDetail {
  if (!row) throw notFound(missing);
  const spend = toCents(row.lifetimeSpend);
  const next = nextTier(spend, tiers);
  const { tierColor, lifetimeSpend: _, referralCode: _code, ...base } = row;
  return {
    ...base,
    tier:
      row.tierId && row.membershipLevelName
        ? {
            id: row.tierId,
            name: row.membershipLevelName,
            ...(row.membershipLevelNameZh ? { nameZh: row.membershipLevelNameZh } : {}),
            ...(row.membershipLevelNameCn ? { nameCn: row.membershipLevelNameCn } : {}),
            color: tierColor ?? '#000000',
          }
        : null,
    lifetimeSpend: centsToNumber(spend),
    nextTier: next && {
      id: next.tier.id,
      name: next.tier.name,
      // Its Chinese names when it has them, as the member's own tier (a Chinese screen reads 可升至 金卡).
      ...(next.tier.nameZh ? { nameZh: next.tier.nameZh } : {}),
      ...(next.tier.nameCn ? { nameCn: next.tier.nameCn } : {}),
      amountToReach: centsToNumber(next.centsToGo),
    },
    redeemTerms: redeemTerms(rates),
  };
}
