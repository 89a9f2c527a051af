import type { RecordKind } from '../../lib/changes';
import type { LiveTopic } from './bus';

/**
 * What each kind of record changed (`record.changed`, lib/changes.ts) touches on open screens, as the screens name
 * their data. A member's own record is announced by its member events; promotions, branches, automations and the
 * stamp card have no screen that follows them but the activity log, which shows their changes as they happen.
 */
export const RECORD_TOPICS: Record<RecordKind, readonly LiveTopic[]> = {
  users: ['users', 'dashboard', 'audit'],
  memberships: ['memberships', 'members', 'dashboard', 'audit', 'setup'],
  'pass-settings': ['pass-settings', 'setup', 'audit'],
  'store-settings': ['store-settings', 'enrolment', 'setup', 'audit'],
  'points-conversion': ['points-conversion', 'setup', 'audit'],
  business: ['business', 'setup', 'audit'],
  setup: ['setup'],
  enrolment: ['enrolment', 'setup', 'audit'],
  'api-keys': ['api-keys', 'audit'],
  webhooks: ['webhooks', 'audit'],
  imports: ['imports'],
  rewards: ['rewards', 'member-rewards', 'audit'],
  // Fulfil, cancel, a claim code redeemed: the redemption lists and the dashboard's count per reward.
  redemptions: ['rewards', 'member-rewards', 'dashboard', 'audit'],
  segments: ['segments'],
  messages: ['messages', 'audit'],
  'tier-policy': ['tier-policy', 'members', 'audit'],
  members: [],
  promotions: ['audit'],
  branches: ['audit'],
  automations: ['audit'],
  'stamp-card': ['audit'],
};

/**
 * Records whose change every card page of the business shows: a reward created, changed, deactivated or deleted
 * changes each member's rewards list (docs/design.md §9), so every open card page reads it again.
 */
export const reachesEveryCard = (record: RecordKind): boolean => record === 'rewards';
