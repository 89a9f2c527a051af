import { randomUUID } from 'node:crypto';
import { type Language, MEMBER_MESSAGES } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queries } from '../../db/client';
import { members } from '../../db/schema';
import { uniqueField } from '../../db/unique-field';
import { AppError } from '../../lib/errors';
import type { Writers } from '../ledger';
import { effectiveTierId, loadTiers } from '../points';
import { memberData } from './events';
import { nextMembershipCode } from './repository';

type Enrolment = {
  firstName: string;
  lastName: string;
  email: string | null;
  /** From the customer's verified phone sign-in, never from a request body. */
  phone: string;
  marketingOptIn: boolean;
  /** The language of the join page the customer filled in, when it said. */
  language: Language | null;
  welcomePoints: number;
  birthday: string | null;
  /** The code of the invitation the customer came by: its member is recorded as who invited them. */
  referralCode: string | null;
  /** The branch whose poster the customer joined by: this business's and active (docs/design.md §10). */
  homeBranchId?: string | null;
};

/** The member holding the phone in the tenant, if any: its id and code (the partial phone index serves it). */
export const phoneHolder = (db: Queries, tenantId: string, phone: string) =>
  db
    .select({ id: members.id, membershipCode: members.membershipCode })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.phone, phone), sql`${members.phone} <> ''`))
    .limit(1);

/**
 * A customer joining on the public page (docs/design.md §8): the member with this phone when there already is one
 * (created: false, nothing written), else a new member with the tenant's next code, the tier its zero spend
 * gives, and the welcome points as ONE BONUS ledger entry with its lot, in one transaction. Two joins of the
 * same phone at once are decided by the unique (tenant, phone) index: the insert that loses does nothing, and
 * its transaction answers the winner's member, so there is never a second member or a second bonus.
 */
export async function enrolMember(
  db: Database,
  writers: Writers,
  tenantId: string,
  input: Enrolment,
): Promise<{ id: string; membershipCode: string; created: boolean }> {
  const [existing] = await phoneHolder(db, tenantId, input.phone);
  if (existing) return { ...existing, created: false };
  try {
    return await db.transaction(async (tx) => {
      const tiers = await loadTiers(tx, tenantId);
      const id = randomUUID();
      // Only a phone new to the business gets here (a member's phone answered above), an erased card's included.
      const [inviter] = input.referralCode
        ? await tx
            .select({ id: members.id })
            .from(members)
            .where(and(eq(members.tenantId, tenantId), eq(members.referralCode, input.referralCode)))
        : [];
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
          language: input.language,
          birthday: input.birthday,
          referredBy: inviter?.id ?? null,
          homeBranchId: input.homeBranchId ?? null,
          membershipCode: await nextMembershipCode(tx, tenantId),
          tierId: effectiveTierId(false, null, 0n, tiers),
        })
        .onConflictDoNothing({ target: [members.tenantId, members.phone], where: sql`${members.phone} <> ''` })
        .returning();
      const made = inserted[0];
      if (!made) {
        // Another join of this phone committed first: its member is the answer.
        const [winner] = await phoneHolder(tx, tenantId, input.phone);
        if (!winner) throw new Error('phone conflict without a member holding the phone');
        return { ...winner, created: false };
      }
      // The shop's other systems hear of a customer who joined as of one added by staff: member.created, then
      // the welcome points as points.earned.
      await writers.changes.publish(tx, tenantId, [
        { type: 'member.created', member: memberData(made), origin: 'join' },
      ]);
      if (input.welcomePoints > 0) {
        await writers.ledger.apply(tx, {
          type: 'bonus',
          tenantId,
          member: made,
          points: input.welcomePoints,
          reasonCode: 'WELCOME_POINTS',
        });
      }
      return { id: made.id, membershipCode: made.membershipCode, created: true };
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
