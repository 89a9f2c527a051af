import type { TenantUser } from '@loyalty/contracts';

export const USERS_TEXT = {
  title: 'Users',
  subtitle: 'Manage your team members',
  search: 'Search by name or email',
  add: 'Add User',
  empty: 'No users found in this tenant',
  emptySearch: 'No users match your search',
  deleteTitle: 'Delete user?',
  deleteText: 'This action cannot be undone. The user will be permanently removed from this tenant.',
} as const;

const ROLE_LABELS: Record<TenantUser['role'], string> = { owner: 'Owner', admin: 'Admin', staff: 'Staff' };
const STATUS_LABELS: Record<TenantUser['status'], string> = {
  PENDING_VERIFICATION: 'Pending Verification',
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
};

export const roleLabel = (role: TenantUser['role']) => ROLE_LABELS[role] ?? role;
export const statusLabel = (status: TenantUser['status']) => STATUS_LABELS[status] ?? status;

/** The name a card leads with: the full name, else the e-mail, else Unknown user (spec). */
export function displayName(user: Pick<TenantUser, 'firstName' | 'lastName' | 'email'>): string {
  const name = [user.firstName, user.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return name || user.email || 'Unknown user';
}

/** The toast text of a failure: the server's message, the error's, or Unknown error (spec §8). */
export { failureMessage } from '@/lib/api-error';

/** What the signed-in user may do with a row (spec §5, §6). */
export function rowPermissions(user: TenantUser, ownUserId: string) {
  const owner = user.role === 'owner';
  return { canEdit: !owner, canDelete: !owner && user.userId !== ownUserId };
}
