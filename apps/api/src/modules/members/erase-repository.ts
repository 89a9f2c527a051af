import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import {
  accounts,
  erasedMembers,
  members,
  messages,
  pointsLedger,
  stampLedger,
  webhookDeliveries,
} from '../../db/schema';

/** The member's row, locked for its erasure; undefined when none. */
export async function lockMember(tx: Queries, tenantId: string, memberId: string) {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, memberId)))
    .for('update');
  return row;
}

/**
 * What erasure leaves and removes: the member's figures kept without the person, staff's notes on its entries
 * (free text that may name the person) cleared, its member webhooks' stored bodies stripped of the person, the
 * texts of messages addressed to it alone cleared, then the row itself (its audit key and consents go with it; its
 * ledgers of points and stamps, lots and reward redemptions stay, the redemptions without it).
 */
export async function eraseMemberRows(tx: Queries, member: typeof members.$inferSelect): Promise<void> {
  const { tenantId, id } = member;
  await tx.insert(erasedMembers).values({
    tenantId,
    memberId: id,
    tierId: member.tierId,
    pointsBalance: member.pointsBalance,
    lifetimeSpend: member.lifetimeSpend,
  });
  await tx
    .update(pointsLedger)
    .set({ note: null })
    .where(and(eq(pointsLedger.tenantId, tenantId), eq(pointsLedger.memberId, id), isNotNull(pointsLedger.note)));
  await tx
    .update(stampLedger)
    .set({ note: null })
    .where(and(eq(stampLedger.tenantId, tenantId), eq(stampLedger.memberId, id), isNotNull(stampLedger.note)));
  await tx
    .update(webhookDeliveries)
    .set({
      payload: sql`jsonb_set(${webhookDeliveries.payload}, '{data}',
        (${webhookDeliveries.payload} -> 'data') - 'firstName' - 'lastName' - 'email' - 'phone' - 'membershipCode')`,
    })
    .where(
      and(
        eq(webhookDeliveries.tenantId, tenantId),
        sql`${webhookDeliveries.eventType} in ('member.created', 'member.updated')`,
        sql`${webhookDeliveries.payload} -> 'data' ->> 'id' = ${id}`,
      ),
    );
  // A message addressed to this member alone may name them ("Hello Zelda"): its texts go, its figures stay. Its
  // audit event sealed them with the member's key, which goes with the row (docs/design.md §10).
  await tx
    .update(messages)
    .set({ text: ERASED_TEXT, textZh: null, textCn: null })
    .where(and(eq(messages.tenantId, tenantId), sql`${messages.audience} ->> 'memberId' = ${id}`));
  await tx.delete(members).where(and(eq(members.tenantId, tenantId), eq(members.id, id)));
}

/** What a message to an erased member shows instead of its text, as the audit trail shows erased details. */
const ERASED_TEXT = '[erased]';

/**
 * Whether a phone sign-in account is still someone's: a card of any business with that phone, or a team member's
 * account (staff may sign in with a phone too). Across tenants on purpose: the account is the person's, not one
 * business's.
 */
export async function isPhoneAccountInUse(db: Queries, phone: string, firebaseUid: string): Promise<boolean> {
  const [card] = await db.select({ id: members.id }).from(members).where(eq(members.phone, phone)).limit(1);
  if (card) return true;
  const [staff] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.firebaseUid, firebaseUid))
    .limit(1);
  return staff !== undefined;
}
