import type { MemberDetail } from '@loyalty/contracts';

/** A member as the detail call answers, for the member dialog's tests. */
export const SAMPLE_MEMBER: MemberDetail = {
  userId: 'm-1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: null,
  phone: '+15550000001',
  membershipCode: 'M000001',
  membershipLevelName: 'Gold',
  tierId: 't',
  pointsBalance: 4321,
  status: 'active',
  createdAt: '2025-01-01T00:00:00.000Z',
  tier: { id: 't', name: 'Gold', color: '#d4af37' },
  tierPinned: false,
  lifetimeSpend: 10,
  nextTier: null,
  expiringNext: null,
  redeemTerms: null,
};
