import { randomUUID } from 'node:crypto';
import { MEMBER_MESSAGES } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { members, pointsLedger, pointsLots } from '../../db/schema';
import { memberChanged } from '../../lib/change-hooks';
import { AppError } from '../../lib/errors';
import { effectiveTierId, expiryFor } from './engine';
import { dbNow } from './ledger-steps';
import { type Db, loadRates, loadTiers, nextMembershipCode } from './repository';
import { uniqueField } from './service';

export type Enrolment = {
  firstName: string;
  lastName: string;
  email: string | null;
  /** From the customer's verified phone sign-in, never from a request body. */
  phone: string;
  marketingOptIn: boolean;
  welcomePoints: number;
};

/** The member holding the phone in the tenant, if any: its id and code (the partial phone index serves it). */
export const phoneHolder = (db: Db, tenantId: string, phone: string) =>
  db
    .select({ id: members.id, membershipCode: members.membershipCode })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.phone, phone), sql`${members.phone} <> ''`))
    .limit(1);

/**
 * A customer joining on the public page (DESIGN §8): the member with this phone when there already is one
 * (created: false, nothing written), else a new member with the tenant's next code, the tier its zero spend
 * gives, and the welcome points as ONE BONUS ledger entry with its lot, in one transaction. Two joins of the
 * same phone at once are decided by the unique (tenant, phone) index: the insert that loses does nothing, and
 * its transaction answers the winner's member, so there is never a second member or a second bonus.
 */
export async function enrolMember(
  db: Database,
  tenantId: string,
  input: Enrolment,
): Promise<{ id: string; membershipCode: string; created: boolean }> {
  const [existing] = await phoneHolder(db, tenantId, input.phone);
  if (existing) return { ...existing, created: false };
  try {
    return await db.transaction(async (tx) => {
      const tiers = await loadTiers(tx, tenantId);
      const id = randomUUID();
      const inserted = await tx
        .insert(members)
        .values({
          id,
          tenantId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          marketingOptIn: input.marketingOptIn,
          membershipCode: await nextMembershipCode(tx, tenantId),
          tierId: effectiveTierId(false, null, 0n, tiers),
        })
        .onConflictDoNothing({ target: [members.tenantId, members.phone], where: sql`${members.phone} <> ''` })
        .returning({ id: members.id, membershipCode: members.membershipCode });
      const made = inserted[0];
      if (!made) {
        // Another join of this phone committed first: its member is the answer.
        const [winner] = await phoneHolder(tx, tenantId, input.phone);
        if (!winner) throw new Error('phone conflict without a member holding the phone');
        return { ...winner, created: false };
      }
      if (input.welcomePoints > 0) await addWelcomeBonus(db, tx, tenantId, id, input.welcomePoints);
      return { ...made, created: true };
    });
  } catch (error) {
    if (uniqueField(error) === 'email')
      throw new AppError(409, MEMBER_MESSAGES.emailTaken, {
        error: 'CONFLICT',
        errors: { email: MEMBER_MESSAGES.emailTaken },
      });
    throw error;
  }
}

/** The BONUS entry and its lot (expiring as the tenant's points do), and the balance, for a member just made. */
async function addWelcomeBonus(db: Database, tx: Db, tenantId: string, memberId: string, points: number) {
  const now = await dbNow(tx);
  const rates = await loadRates(tx, tenantId);
  const entryId = randomUUID();
  const expiresAt = expiryFor(rates, now);
  await tx.insert(pointsLedger).values({
    id: entryId,
    tenantId,
    memberId,
    type: 'BONUS',
    points,
    reason: 'Welcome points',
    createdAt: now,
  });
  await tx.insert(pointsLots).values({
    id: randomUUID(),
    tenantId,
    memberId,
    ledgerId: entryId,
    points,
    remaining: points,
    expiresAt,
    createdAt: now,
  });
  await tx
    .update(members)
    .set({ pointsBalance: sql`${members.pointsBalance} + ${points}`, updatedAt: sql`now()` })
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)));
  await memberChanged(db, tx, tenantId, memberId, { expiresAt });
}
