import type { members } from '../../db/schema';
import type { MemberData } from '../../lib/changes';

type MemberRow = typeof members.$inferSelect;

/** A member as member.* change events (and webhooks) carry it. */
export const memberData = (m: MemberRow): MemberData => ({
  id: m.id,
  membershipCode: m.membershipCode,
  firstName: m.firstName,
  lastName: m.lastName,
  email: m.email,
  phone: m.phone,
  status: m.status,
  tierId: m.tierId,
  pointsBalance: m.pointsBalance,
  language: m.language ?? null,
});
