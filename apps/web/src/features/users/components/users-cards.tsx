import type { TenantUser } from '@loyalty/contracts';
import { ListCards } from '@/components/list-kit/list-cards';
import { displayName } from '../users-labels';
import { RoleBadge, StatusBadge } from './user-badges';
import { type RowActionsProps, UserRowActions } from './user-row-actions';

type CardsProps = {
  users: TenantUser[];
  emptyText: string;
  actions: Omit<RowActionsProps, 'user'> | null;
};

/** Below 768 px: one card per user with name (or e-mail, or Unknown user), tenant, status, e-mail, phone, role. */
export function UsersCards({ users, emptyText, actions }: CardsProps) {
  return (
    <ListCards
      label="Users"
      rows={users}
      rowKey={(user) => user.id}
      emptyText={emptyText}
      card={(user) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{displayName(user)}</p>
              <p className="truncate text-muted-foreground text-xs">Tenant {user.tenantId}</p>
            </div>
            <StatusBadge status={user.status} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="truncate">{user.email}</dd>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>{user.phone}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
          </dl>
          {actions && <UserRowActions user={user} {...actions} />}
        </>
      )}
    />
  );
}
