import type { TenantUser } from '@loyalty/contracts';
import { RoleBadge, StatusBadge } from './user-badges';
import { type RowActionsProps, UserRowActions } from './user-row-actions';

type ListProps = {
  users: TenantUser[];
  emptyText: string;
  /** Without write rights (staff) there are no actions at all. */
  actions: Omit<RowActionsProps, 'user'> | null;
};

const HEADERS = ['User ID', 'First name', 'Last name', 'Email', 'Phone', 'Role', 'Status'];

/** The desktop table (spec: User ID, First name, Last name, Email, Phone, Role, Status, Actions). */
export function UsersTable({ users, emptyText, actions }: ListProps) {
  const columns = actions ? [...HEADERS, 'Actions'] : HEADERS;
  return (
    // Focusable, so keyboard users can scroll a table wider than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
    <div role="region" aria-label="Users table" tabIndex={0} className="overflow-x-auto rounded-md border">
      <table className="w-full caption-bottom text-sm">
        <thead className="[&_tr]:border-b">
          <tr>
            {columns.map((label) => (
              <th key={label} scope="col" className="h-10 whitespace-nowrap px-2 text-left font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {users.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="h-24 px-2 text-center text-muted-foreground">
                {emptyText}
              </td>
            </tr>
          ) : (
            users.map((user) => (
              <tr key={user.id} className="border-b last:border-0 hover:bg-muted/50">
                <td className="max-w-24 truncate px-2 py-2 font-mono text-muted-foreground text-xs" title={user.userId}>
                  {user.userId}
                </td>
                <td className="px-2 py-2">{user.firstName}</td>
                <td className="px-2 py-2">{user.lastName}</td>
                <td className="px-2 py-2">{user.email}</td>
                <td className="whitespace-nowrap px-2 py-2">{user.phone}</td>
                <td className="px-2 py-2">
                  <RoleBadge role={user.role} />
                </td>
                <td className="px-2 py-2">
                  <StatusBadge status={user.status} />
                </td>
                {actions && (
                  <td className="px-2 py-2">
                    <UserRowActions user={user} {...actions} />
                  </td>
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
