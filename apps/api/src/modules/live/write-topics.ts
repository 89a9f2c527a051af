import type { LiveTopic } from './bus';

/**
 * The topics a successful write outside the member change feed touches, by its route: settings, users, tiers,
 * keys. Member and points writes are announced by the feed (change-listener.ts), in their transaction.
 */
const BY_ROUTE: [prefix: string, topics: LiveTopic[]][] = [
  ['/api/tenants/users', ['users', 'dashboard', 'audit']],
  ['/api/memberships', ['memberships', 'members', 'dashboard', 'audit', 'setup']],
  ['/api/tenant/pass-settings', ['pass-settings', 'setup', 'audit']],
  ['/api/tenant/store-settings', ['store-settings', 'enrolment', 'setup', 'audit']],
  ['/api/points-conversion', ['points-conversion', 'setup', 'audit']],
  ['/api/tenants/business', ['business', 'setup', 'audit']],
  ['/api/tenants/setup', ['setup']],
  ['/api/tenants/enrolment', ['enrolment', 'setup', 'audit']],
  ['/api/tenants/api-keys', ['api-keys', 'audit']],
  ['/api/tenants/webhooks', ['webhooks', 'audit']],
  ['/api/tenants/member/import', ['imports']],
  ['/api/tenants/rewards', ['rewards', 'member-rewards', 'audit']],
  // Fulfil, cancel, a claim code redeemed: the redemption lists and the dashboard's count per reward.
  ['/api/tenants/reward', ['rewards', 'member-rewards', 'dashboard', 'audit']],
  ['/api/tenants/segments', ['segments']],
  ['/api/tenants/messages', ['messages', 'audit']],
  ['/api/tenants/tier-policy', ['tier-policy', 'members', 'audit']],
];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes that change what every card page of the business shows: a reward created, changed, deactivated or
 * deleted changes each member's rewards list (docs/design.md §9), so every open card page reads it again.
 */
const EVERY_CARD = ['/api/tenants/rewards'];

/** Whether a write (by method and route pattern) changes what every card page of the business shows. */
export function writeReachesEveryCard(method: string, routeUrl: string | undefined): boolean {
  return Boolean(routeUrl && WRITES.has(method) && EVERY_CARD.some((prefix) => routeUrl.startsWith(prefix)));
}

/** The topics of a write by its method and route pattern; none for reads and for the feed's own writes. */
export function writeTopics(method: string, routeUrl: string | undefined): LiveTopic[] {
  if (!routeUrl || !WRITES.has(method) || routeUrl.endsWith('/preview')) return [];
  return BY_ROUTE.find(([prefix]) => routeUrl.startsWith(prefix))?.[1] ?? [];
}
