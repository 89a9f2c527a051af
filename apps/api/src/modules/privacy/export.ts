import type { MemberDataExport } from '@loyalty/contracts';
import type { FastifyReply } from 'fastify';
import type { Queries } from '../../db/client';
import { notFound } from '../../lib/errors';
import { listLedger } from '../ledger';
import { listStampEntries } from '../stamp-card';
import { memberRedemptions } from './redemptions';
import { findMemberForExport, marketingConsentChanges } from './repository';

/** More entries than one person's card ever gathers: the export lists the whole ledger in one answer. */
const LEDGER_LIMIT = 1_000_000;

/**
 * Everything the business holds of one member (PDPO s.18, PIPL art. 45): the member with its card, the points and
 * stamp ledgers, redemptions, consents.
 */
export async function memberExport(db: Queries, tenantId: string, memberId: string): Promise<MemberDataExport> {
  const found = await findMemberForExport(db, tenantId, memberId);
  if (!found) throw notFound('Member not found');
  const { member: m } = found;
  const [ledger, stampEntries, redemptions, consentChanges] = await Promise.all([
    listLedger(db, tenantId, memberId, 0, LEDGER_LIMIT),
    listStampEntries(db, tenantId, memberId, 0, LEDGER_LIMIT),
    memberRedemptions(db, tenantId, memberId),
    marketingConsentChanges(db, tenantId, memberId),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    business: { name: found.businessName },
    member: {
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      phone: m.phone,
      membershipCode: m.membershipCode,
      status: m.status,
      language: m.language ?? null,
      tier: m.tierId && found.tierName ? { id: m.tierId, name: found.tierName } : null,
      pointsBalance: m.pointsBalance,
      lifetimeSpend: Number(m.lifetimeSpend),
      joinedAt: m.createdAt.toISOString(),
      birthday: m.birthday ?? null,
      stamps: m.stamps,
      cardsCompleted: m.cardsCompleted,
    },
    ledger: ledger.rows,
    stampEntries: stampEntries.rows,
    redemptions,
    consents: {
      marketing: {
        granted: m.marketingOptIn,
        changes: consentChanges.map((c) => ({ granted: c.granted, source: c.source, at: c.at.toISOString() })),
      },
    },
  };
}

/** The file name the export downloads as: the code only, never the person's name. */
const exportFileName = (data: MemberDataExport) =>
  `member-data-${data.member.membershipCode.replace(/[^\w-]/g, '')}.json`;

/** The export as the customer's own download (at the counter or on the card): never cached, named by the code. */
export const sendExport = (reply: FastifyReply, data: MemberDataExport) =>
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${exportFileName(data)}"`)
    .send(data);
