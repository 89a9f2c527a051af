import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from 'firebase-admin/auth';
import type { Database, Queries } from '../../db/client';
import type { ChangeFeed, RecordChange } from '../../lib/changes';
import { notFound } from '../../lib/errors';
import { eraseMemberRows, lockMember } from './erase-repository';
import { forgetPhoneAccount } from './phone-account';

/**
 * Erasure (PDPO s.26, PIPL art. 47), in `tx`: the person is gone (name, phone, e-mail, code, with the row), the
 * ledger stays without them for the business's figures (erased_members keeps the balance the dashboard counts),
 * the Apple pass is voided and the Google object made inactive (the wallets hear member.deleted before the row
 * goes), webhooks get member.deleted, and the trail gets one event naming no one: the person's details in
 * earlier events are sealed with the member's key, which goes with the row (lib/personal-seal.ts). On an
 * embedded database kept on disk, member.deleted also queues the scrub that takes the person off the files
 * (plugins/disk-scrub.ts, docs/design.md §10). Answers the phone, for the sign-in account once this commits.
 */
export async function eraseMember(
  tx: Queries,
  feed: ChangeFeed,
  tenantId: string,
  memberId: string,
  recordChange: RecordChange,
): Promise<{ phone: string }> {
  const member = await lockMember(tx, tenantId, memberId);
  if (!member) throw notFound('Member not found');
  await feed.publish(tx, tenantId, [{ type: 'member.deleted', id: memberId, membershipCode: member.membershipCode }]);
  await eraseMemberRows(tx, member);
  await recordChange(tx, 'members', {
    action: 'member.delete',
    target: { type: 'member', id: memberId },
    before: { pointsBalance: member.pointsBalance, lifetimeSpend: Number(member.lifetimeSpend), tierId: member.tierId },
    after: null,
  });
  return { phone: member.phone };
}

/**
 * The erasure in its own transaction, then, once it has committed, the customer's phone sign-in account when no
 * other card or team member uses it (phone-account.ts): the admin's delete and the card page's "Delete my card".
 */
export async function eraseMemberAndAccount(
  deps: {
    db: Database;
    feed: ChangeFeed;
    auth: Pick<Auth, 'getUserByPhoneNumber' | 'deleteUser'>;
    log: FastifyBaseLogger;
  },
  tenantId: string,
  memberId: string,
  recordChange: RecordChange,
): Promise<void> {
  const { phone } = await deps.db.transaction((tx) => eraseMember(tx, deps.feed, tenantId, memberId, recordChange));
  await forgetPhoneAccount(deps.db, deps.auth, deps.log, phone);
}
