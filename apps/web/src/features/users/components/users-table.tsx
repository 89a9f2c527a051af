import type { TenantUser } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { nameFieldsInOrder } from '@/lib/i18n/name-order';
import { type Translate, useT } from '@/lib/i18n/use-t';
import { RoleBadge, StatusBadge } from './user-badges';
import { type RowActionsProps, UserRowActions } from './user-row-actions';

type ListProps = {
  users: TenantUser[];
  emptyText: string;
  /** Without write rights (staff) there are no actions at all. */
  actions: Omit<RowActionsProps, 'user'> | null;
};

const CELL = 'px-2 py-2';
const columns = (t: Translate): Column<TenantUser>[] => [
  {
    header: t('users.userId'),
    cell: (user) => user.userId,
    className: 'max-w-24 truncate px-2 py-2 font-mono text-muted-foreground text-xs',
    cellProps: (user) => ({ title: user.userId }),
  },
  // Chinese reads the family name first (docs/glossary.md, names of people).
  ...nameFieldsInOrder<Column<TenantUser>>(
    { header: t('person.firstName'), cell: (user) => user.firstName, className: CELL },
    { header: t('person.lastName'), cell: (user) => user.lastName, className: CELL },
  ),
  { header: t('person.email'), cell: (user) => user.email, className: CELL },
  { header: t('person.phone'), cell: (user) => user.phone, className: 'whitespace-nowrap px-2 py-2' },
  { header: t('users.role'), cell: (user) => <RoleBadge role={user.role} />, className: CELL },
  { header: t('users.status'), cell: (user) => <StatusBadge status={user.status} />, className: CELL },
];

/** The desktop table (spec: User ID, First name, Last name, Email, Phone, Role, Status, Actions). */
export function UsersTable({ users, emptyText, actions }: ListProps) {
  const t = useT();
  const shown = columns(t);
  const all: Column<TenantUser>[] = actions
    ? [
        ...shown,
        { header: t('users.actions'), cell: (user) => <UserRowActions user={user} {...actions} />, className: CELL },
      ]
    : shown;
  return (
    <DataTable
      label={t('users.tableLabel')}
      rows={users}
      rowKey={(user) => user.id}
      columns={all}
      emptyText={emptyText}
      tableClassName="caption-bottom"
      headClassName="px-2"
      emptyClassName="px-2"
    />
  );
}
