import type { TenantUser } from '@loyalty/contracts';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { RowActionButton } from '@/components/row-action-button';
import { useT } from '@/lib/i18n/use-t';
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
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <RowActionButton
        icon={PencilIcon}
        label={t('users.editWho', { name: who })}
        text={t('users.edit')}
        disabled={!canEdit}
        title={canEdit ? undefined : t('users.ownerNotEditable')}
        onClick={() => onEdit(user)}
      />
      <RowActionButton
        icon={Trash2Icon}
        label={t('users.deleteWho', { name: who })}
        text={t('dialog.delete')}
        disabled={!canDelete}
        title={
          canDelete ? undefined : user.role === 'owner' ? t('users.ownerNotDeletable') : t('users.selfNotDeletable')
        }
        onClick={() => onDelete(user)}
      />
    </div>
  );
}
