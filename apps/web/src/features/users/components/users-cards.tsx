import type { TenantUser } from '@loyalty/contracts';
import { ListCards } from '@/components/list-kit/list-cards';
import { useT } from '@/lib/i18n/use-t';
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
  const t = useT();
  return (
    <ListCards
      label={t('users.title')}
      rows={users}
      rowKey={(user) => user.id}
      emptyText={emptyText}
      card={(user) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium">{displayName(user)}</p>
              <p className="truncate text-muted-foreground text-xs">{t('users.tenant', { tenantId: user.tenantId })}</p>
            </div>
            <StatusBadge status={user.status} />
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">{t('person.email')}</dt>
            <dd className="truncate">{user.email}</dd>
            <dt className="text-muted-foreground">{t('person.phone')}</dt>
            <dd>{user.phone}</dd>
            <dt className="text-muted-foreground">{t('users.role')}</dt>
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
