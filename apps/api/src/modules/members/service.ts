import { randomUUID } from 'node:crypto';
import {
  type CounterMember,
  type CreateMemberBody,
  MEMBER_MESSAGES,
  type MemberDetail,
  type MemberRow,
  type Page,
  PHONE_PATTERN,
  type TransactionBody,
  type TransactionResult,
  type UpdateMemberBody,
} from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ListVersion } from '../../db/list-version';
import { members } from '../../db/schema';
import type { AuditTrail } from '../../lib/audit';
import { memberChanged, memberDeleted, tenantEvent } from '../../lib/change-hooks';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { toPage } from '../../lib/page';
import type { Loaded } from '../../lib/versioned-cache';
import { nationalPhoneOf } from './counter-phone';
import {
  centsToDecimal,
  centsToNumber,
  checkRedemption,
  effectiveTierId,
  expiryFor,
  nextTier,
  pointsEarned,
  type Rates,
  redeemValueCents,
  spendableBalance,
  takeFromLots,
  toCents,
} from './engine';
import { ledgerEvents, memberData } from './events';
import { transactionBodyHash } from './idempotency';
import {
  dbNow,
  keyUsedForAnotherMember,
  ledgerAudit,
  lockMember,
  openLots,
  replayOf,
  tierRefIn,
  writeOffExpired,
} from './ledger-steps';
import { insertEntry, insertLot, type NewEntry, takeFromLot, updateMemberFigures } from './ledger-writes';
import type { AnchorCache } from './page-anchors';
import {
  type Db,
  earnTerms,
  findMemberRow,
  findMemberRowByCode,
  findMemberRowByPhone,
  type ListParams,
  listMembers,
  loadRates,
  loadTiers,
  nextMembershipCode,
  redeemTerms,
  type TierRow,
  takenContacts,
  toEntry,
} from './repository';
import type { TierNameCache } from './tier-names';

const conflictOn = (errors: Record<string, string>) =>
  new AppError(409, Object.values(errors)[0] as string, { error: 'CONFLICT', errors });

/** The (tenant, e-mail) and (tenant, phone) indexes decide races; this names the field a violation hit. */
export function uniqueField(error: unknown): 'email' | 'phone' | 'idempotency' | 'reverses' | undefined {
  for (
    let e = error as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') {
      const name = e.constraint_name ?? e.constraint ?? '';
      if (name.includes('email')) return 'email';
      if (name.includes('phone')) return 'phone';
      if (name.includes('idempotency')) return 'idempotency';
      if (name.includes('reverses')) return 'reverses';
    }
  }
  return undefined;
}

async function assertContactsFree(db: Db, tenantId: string, email: string | null, phone: string, exceptId?: string) {
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
}) => ({
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  phone: m.phone,
  status: m.status ?? 'active',
  tierId: m.tierId,
  tierPinned: m.tierPinned,
});

const noTrail: AuditTrail = async () => {};

export async function createMember(
  db: Database,
  tenantId: string,
  body: CreateMemberBody,
  trail: AuditTrail = noTrail,
): Promise<string> {
  const email = body.email ? body.email.toLowerCase() : null;
  await assertContactsFree(db, tenantId, email, body.phone);
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
      };
      const [made] = await tx.insert(members).values(values).returning();
      await trail(tx, {
        action: 'member.create',
        target: { type: 'member', id },
        after: { ...auditedMember(values), membershipCode: values.membershipCode },
      });
      await tenantEvent(db, tx, tenantId, {
        type: 'member.created',
        data: memberData(made as typeof members.$inferSelect),
      });
      return id;
    });
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function updateMember(
  db: Database,
  tenantId: string,
  id: string,
  body: UpdateMemberBody,
  trail: AuditTrail = noTrail,
): Promise<void> {
  const email = body.email ? body.email.toLowerCase() : null;
  await assertContactsFree(db, tenantId, email, body.phone, id);
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
      };
      const [updated] = await tx
        .update(members)
        .set({ ...change, updatedAt: sql`now()` })
        .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
        .returning();
      await trail(tx, {
        action: 'member.update',
        target: { type: 'member', id },
        before: auditedMember(member),
        after: auditedMember(change),
      });
      await memberChanged(db, tx, tenantId, id);
      const after = updated as typeof members.$inferSelect;
      await tenantEvent(db, tx, tenantId, { type: 'member.updated', data: memberData(after) });
      if (after.tierId !== member.tierId) {
        const data = { memberId: id, fromTierId: member.tierId, toTierId: after.tierId };
        await tenantEvent(db, tx, tenantId, { type: 'tier.changed', data });
      }
    });
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function deleteMember(
  db: Database,
  tenantId: string,
  id: string,
  trail: AuditTrail = noTrail,
): Promise<void> {
  await db.transaction(async (tx) => {
    // Before the row goes, so the wallets can read what they withdraw; a missing member rolls it all back.
    await memberDeleted(db, tx, tenantId, id);
    const [removed] = await tx
      .delete(members)
      .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
      .returning();
    if (!removed) throw notFound('Member not found');
    await trail(tx, {
      action: 'member.delete',
      target: { type: 'member', id },
      before: {
        ...auditedMember(removed),
        membershipCode: removed.membershipCode,
        pointsBalance: removed.pointsBalance,
        lifetimeSpend: Number(removed.lifetimeSpend),
      },
      after: null,
    });
    await tenantEvent(db, tx, tenantId, {
      type: 'member.deleted',
      data: { id: removed.id, membershipCode: removed.membershipCode },
    });
  });
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

export async function memberDetail(db: Database, tenantId: string, id: string): Promise<MemberDetail> {
  const [row, tiers, rates] = await Promise.all([
    findMemberRow(db, tenantId, id),
    loadTiers(db, tenantId),
    loadRates(db, tenantId),
  ]);
  return detailOf(row, tiers, rates);
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
  const [row, tiers, rates] = await Promise.all([find(), loadTiers(db, tenantId), loadRates(db, tenantId)]);
  return { ...detailOf(row, tiers, rates, 'No member has this code or phone'), earnTerms: earnTerms(rates) };
}

/**
 * A typed phone, as stored: spaces, dashes, dots and brackets dropped, then `+` and 2 to 15 digits (members'
 * phones are kept in that international format). Membership codes never start with `+`, so a text is read
 * as a code first and as a phone only when no code matches.
 */
export function phoneOf(text: string): string | undefined {
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
  const { tierColor, lifetimeSpend: _, ...base } = row;
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

const redeemRefusal = {
  BELOW_MINIMUM: (min: number | null) => MEMBER_MESSAGES.belowMinimum(min ?? 0),
  ABOVE_MAXIMUM: (max: number | null) => MEMBER_MESSAGES.aboveMaximum(max ?? 0),
};

/**
 * Records one purchase, redemption or adjustment in one transaction with the member's row locked, so two
 * requests for the same member run one after the other and can never spend the same points twice. Lots
 * past their expiry are written off first, keeping the ledger's sum equal to the spendable balance.
 */
export async function recordTransaction(
  db: Database,
  tenantId: string,
  memberId: string,
  accountId: string | null,
  body: TransactionBody,
  idempotencyKey: string | undefined,
  trail: AuditTrail = noTrail,
): Promise<TransactionResult> {
  try {
    return await db.transaction(async (tx) => {
      // Only a redemption or a deduction spends from lots, so only they read every open lot. A purchase or an
      // added adjustment reads just the lots it must write off: a regular customer whose points never expire
      // holds one lot per purchase, and reading them all made each purchase slower than the last.
      const spends = body.type === 'REDEEM' || (body.type === 'ADJUST' && body.points < 0);
      // The lock and the reads go out together, pipelined on the transaction's connection (issue 25), in this
      // order. The lots must be read with the lock held (a statement's snapshot is taken when it starts: read
      // before the lock, they could miss points a concurrent write just spent). Pipelined statements run one
      // after another, so the lots' read starts only once the lock statement has its row: one round trip less
      // while the member is locked.
      const [member, tiers, now, rates, lots] = await Promise.all([
        lockMember(tx, tenantId, memberId),
        loadTiers(tx, tenantId),
        dbNow(tx),
        loadRates(tx, tenantId),
        openLots(tx, tenantId, memberId, spends ? undefined : 'now'),
      ]);
      const tierRef = tierRefIn(tiers);
      const bodyHash = idempotencyKey ? transactionBodyHash(body) : null;
      if (idempotencyKey && bodyHash) {
        const replay = await replayOf(tx, tenantId, memberId, member, tiers, idempotencyKey, bodyHash);
        if (replay) return replay;
      }

      const expired = await writeOffExpired(tx, tenantId, memberId, lots, now);
      let balance = member.balance - expired;
      const balanceBeforeEntry = balance;

      // What can be spent, for the refusals of a redemption or a deduction (which read every open lot).
      const spendable = spends ? spendableBalance(lots, now) : 0;
      let spend = toCents(member.lifetimeSpend);
      const entryId = randomUUID();
      let entry: Pick<NewEntry, 'type' | 'points' | 'amount' | 'reason'>;
      let newLot: number | null = null;
      let takes: { id: string; points: number }[] = [];

      if (body.type === 'PURCHASE') {
        const cents = toCents(body.amount.toFixed(2));
        const earned = pointsEarned(cents, rates);
        spend += cents;
        entry = { type: 'PURCHASE', points: earned, amount: centsToDecimal(cents) };
        if (earned > 0) newLot = earned;
      } else if (body.type === 'REDEEM') {
        const refusal = checkRedemption(body.points, spendable, rates);
        if (refusal === 'INACTIVE') throw new AppError(409, MEMBER_MESSAGES.inactive, { error: 'POINTS_INACTIVE' });
        if (refusal === 'INSUFFICIENT')
          throw badRequest(
            { points: MEMBER_MESSAGES.insufficient(spendable) },
            MEMBER_MESSAGES.insufficient(spendable),
          );
        if (refusal) {
          const message = redeemRefusal[refusal](
            refusal === 'BELOW_MINIMUM' ? (rates?.minimumRedemption ?? 0) : (rates?.maximumRedemption ?? 0),
          );
          throw badRequest({ points: message }, message);
        }
        takes = takeFromLots(lots, body.points, now) ?? [];
        entry = { type: 'REDEEM', points: -body.points, amount: centsToDecimal(redeemValueCents(body.points, rates)) };
      } else if (body.points > 0) {
        entry = { type: 'ADJUST', points: body.points, reason: body.reason };
        newLot = body.points;
      } else {
        const found = takeFromLots(lots, -body.points, now);
        if (!found)
          throw badRequest(
            { points: MEMBER_MESSAGES.adjustBelowZero(spendable) },
            MEMBER_MESSAGES.adjustBelowZero(spendable),
          );
        takes = found;
        entry = { type: 'ADJUST', points: body.points, reason: body.reason };
      }

      balance += entry.points;
      const tierId = effectiveTierId(member.tierPinned, member.tierId, spend, tiers);
      const expiresAt = newLot !== null ? expiryFor(rates, now) : null;
      // Everything the write changes goes out in one batch, pipelined on the transaction's connection. The
      // statements drizzle builds are sent in the order of this list: the entry, then the member's new
      // figures, the lots it takes from and its new lot (which names the entry, so it comes after it). The
      // listeners (the wallet's pushes, the webhooks' deliveries) and the audit event start their statements
      // as they are called, possibly first: they read nothing this write changes. A failing statement aborts
      // the transaction, so the first error is the one reported and nothing is kept.
      const [stored] = await Promise.all([
        insertEntry(tx, {
          ...entry,
          id: entryId,
          tenantId,
          memberId,
          accountId,
          idempotencyKey: idempotencyKey ?? null,
          idempotencyBodyHash: bodyHash,
          // Kept so a reversal can give the points back to the lots they came from.
          lotTakes: takes.length ? takes.map((t) => ({ lotId: t.id, points: t.points })) : null,
          createdAt: now,
        }),
        updateMemberFigures(tx, { tenantId, memberId, balance, lifetimeSpend: centsToDecimal(spend), tierId }),
        ...takes.map((take) => takeFromLot(tx, { tenantId, lotId: take.id, points: take.points })),
        newLot !== null &&
          insertLot(tx, {
            id: randomUUID(),
            tenantId,
            memberId,
            ledgerId: entryId,
            points: newLot,
            expiresAt,
            createdAt: now,
          }),
        // The card shows the new balance and tier now, and the balance again when the new points expire.
        memberChanged(db, tx, tenantId, memberId, { expiresAt }),
        ledgerEvents(db, tx, tenantId, {
          memberId,
          expired,
          balanceBeforeEntry,
          entry: { ...entry, id: entryId },
          balance,
          fromTierId: member.tierId,
          toTierId: tierId,
        }),
        trail(
          tx,
          ledgerAudit(`points.${body.type.toLowerCase()}`, memberId, member, {
            balance,
            spendCents: spend,
            tierId,
            entry: {
              id: entryId,
              type: entry.type,
              points: entry.points,
              amount: entry.amount ?? null,
              reason: entry.reason ?? null,
            },
          }),
        ),
      ]);
      // A lot earned with a DATE already past is born expired: it is not spendable, so not in the answer.
      const after = newLot !== null && expiresAt !== null && expiresAt <= now ? newLot : 0;
      return {
        entry: toEntry(stored),
        pointsBalance: balance - after,
        lifetimeSpend: centsToNumber(spend),
        tier: tierRef(tierId),
        replayed: false,
      };
    });
  } catch (error) {
    if (idempotencyKey && uniqueField(error) === 'idempotency') throw keyUsedForAnotherMember();
    throw error;
  }
}
