import { personName, type TenantUser } from '@loyalty/contracts';
import { type MessageKey, t } from '@/lib/i18n/i18n';

/** The screen's words as keys, translated where they are shown (the language can change on an open screen). */
export const USERS_TEXT = {
  title: 'users.title',
  subtitle: 'users.subtitle',
  search: 'users.search',
  add: 'users.add',
  empty: 'users.empty',
  emptySearch: 'users.emptySearch',
  deleteTitle: 'users.deleteTitle',
  deleteText: 'users.deleteText',
} as const satisfies Record<string, MessageKey>;

const ROLE_LABELS: Record<TenantUser['role'], MessageKey> = {
  owner: 'users.roleOwner',
  admin: 'users.roleAdmin',
  staff: 'users.roleStaff',
};
const STATUS_LABELS: Record<TenantUser['status'], MessageKey> = {
  PENDING_VERIFICATION: 'users.statusPending',
  ACTIVE: 'users.statusActive',
  INACTIVE: 'users.statusInactive',
};

/** A role or status in the active language; a value the portal does not know is shown as the API sent it. */
export const roleLabel = (role: TenantUser['role']) => (ROLE_LABELS[role] ? t(ROLE_LABELS[role]) : role);
export const statusLabel = (status: TenantUser['status']) =>
  STATUS_LABELS[status] ? t(STATUS_LABELS[status]) : status;

/** The name a card leads with: the full name, else the e-mail, else Unknown user (spec). */
export function displayName(user: Pick<TenantUser, 'firstName' | 'lastName' | 'email'>): string {
  // In the name's own order: 黃美玲, Ada Lovelace (docs/glossary.md, names of people).
  const name = personName(user);
  return name || user.email || t('users.unknownUser');
}

/** The toast text of a failure: the server's message, the error's, or Unknown error (docs/spec/data-screens.md §8). */
export { failureMessage } from '@/lib/api-error';

/** What the signed-in user may do with a row (docs/spec/data-screens.md §5, §6). */
export function rowPermissions(user: TenantUser, ownUserId: string) {
  const owner = user.role === 'owner';
  return { canEdit: !owner, canDelete: !owner && user.userId !== ownUserId };
}
