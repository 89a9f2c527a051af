import type { TenantUser } from '@loyalty/contracts';
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
  if (users.length === 0) return <p className="rounded-md border p-6 text-center text-muted-foreground">{emptyText}</p>;
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label="Users">
      {users.map((user) => (
        <li key={user.id} className="grid min-w-0 grid-cols-1 gap-2 rounded-lg border bg-card p-4 text-sm shadow-xs">
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
        </li>
      ))}
    </ul>
  );
}
