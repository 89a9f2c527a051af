import type { Role } from '@loyalty/contracts';

/**
 * Where a signed-in user lands: staff work the till, so the counter (docs/design.md §8); owners and admins the dashboard.
 * A module of its own: the sign-in pages use it without loading the workspace's identity code.
 */
export const homeFor = (role: Role): string => (role === 'staff' ? '/counter' : '/');
