import type { Role } from '@loyalty/contracts';

/**
 * Who may call a route, declared on every /api route as `config: { access }`:
 * - 'public': anyone, no token;
 * - 'account': any signed-in Firebase user (onboarding, own profile, member identity), no tenant needed;
 * - 'staff' | 'admin' | 'owner': an ACTIVE user of the resolved tenant with at least that role
 *   (owner > admin > staff, docs/design.md §4). INACTIVE and PENDING_VERIFICATION users reach nothing.
 */
export type Access = 'public' | 'account' | Role;
