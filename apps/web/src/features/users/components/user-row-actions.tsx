import type { TenantUser } from '@loyalty/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { displayName, rowPermissions } from '../users-labels';

export type RowActionsProps = {
  user: TenantUser;
  ownUserId: string;
  onEdit: (user: TenantUser) => void;
  onDelete: (user: TenantUser) => void;
};

/** Edit and Delete of one row; the owner row is not editable, neither it nor one's own row deletable. */
export function UserRowActions({ user, ownUserId, onEdit, onDelete }: RowActionsProps) {
  const { canEdit, canDelete } = rowPermissions(user, ownUserId);
  const who = displayName(user);
  return (
    <div className="flex items-center gap-2">
      <Button
        variant="outline"
        size="sm"
        disabled={!canEdit}
        aria-label={`Edit ${who}`}
        title={canEdit ? undefined : 'The owner cannot be edited'}
        onClick={() => onEdit(user)}
      >
        <PencilIcon aria-hidden="true" />
        Edit
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={!canDelete}
        aria-label={`Delete ${who}`}
        title={
          canDelete ? undefined : user.role === 'owner' ? 'The owner cannot be deleted' : 'You cannot delete yourself'
        }
        onClick={() => onDelete(user)}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
