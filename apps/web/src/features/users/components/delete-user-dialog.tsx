import type { TenantUser } from '@loyalty/contracts';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteUser } from '../api/delete-user';
import { USERS_TEXT } from '../users-labels';

/** The confirmation before a permanent removal (spec: Delete user?, Cancel and Delete). */
export function DeleteUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const t = useT();
  return (
    <ConfirmRemovalDialog
      item={user}
      remove={(chosen) => remove.mutateAsync(chosen.userId)}
      removed={() => ({ title: translate('users.deleted') })}
      onFailure={(error) => toastFailure(translate('users.deleteFailed'), error)}
      onClose={onClose}
      title={t(USERS_TEXT.deleteTitle)}
      description={t(USERS_TEXT.deleteText)}
      pending={remove.isPending}
    />
  );
}
