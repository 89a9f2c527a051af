import type { TenantUser } from '@loyalty/contracts';
import { type Column, DataTable } from '@/components/list-kit/data-table';
import { RoleBadge, StatusBadge } from './user-badges';
import { type RowActionsProps, UserRowActions } from './user-row-actions';

type ListProps = {
  users: TenantUser[];
  emptyText: string;
  /** Without write rights (staff) there are no actions at all. */
  actions: Omit<RowActionsProps, 'user'> | null;
};

const CELL = 'px-2 py-2';
const COLUMNS: Column<TenantUser>[] = [
  {
    header: 'User ID',
    cell: (user) => user.userId,
    className: 'max-w-24 truncate px-2 py-2 font-mono text-muted-foreground text-xs',
    cellProps: (user) => ({ title: user.userId }),
  },
  { header: 'First name', cell: (user) => user.firstName, className: CELL },
  { header: 'Last name', cell: (user) => user.lastName, className: CELL },
  { header: 'Email', cell: (user) => user.email, className: CELL },
  { header: 'Phone', cell: (user) => user.phone, className: 'whitespace-nowrap px-2 py-2' },
  { header: 'Role', cell: (user) => <RoleBadge role={user.role} />, className: CELL },
  { header: 'Status', cell: (user) => <StatusBadge status={user.status} />, className: CELL },
];

/** The desktop table (spec: User ID, First name, Last name, Email, Phone, Role, Status, Actions). */
export function UsersTable({ users, emptyText, actions }: ListProps) {
  const columns: Column<TenantUser>[] = actions
    ? [...COLUMNS, { header: 'Actions', cell: (user) => <UserRowActions user={user} {...actions} />, className: CELL }]
    : COLUMNS;
  return (
    <DataTable
      label="Users table"
      rows={users}
      rowKey={(user) => user.id}
      columns={columns}
      emptyText={emptyText}
      tableClassName="caption-bottom"
      headClassName="px-2"
      emptyClassName="px-2"
    />
  );
}
