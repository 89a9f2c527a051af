import type { TenantUser } from '@loyalty/contracts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteUser } from '../api/delete-user';
import { USERS_TEXT } from '../users-labels';

/** The confirmation before a permanent removal (spec: Delete user?, Cancel and Delete). */
export function DeleteUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const t = useT();
  const confirm = async () => {
    if (!user) return;
    try {
      await remove.mutateAsync(user.userId);
      toast({ title: translate('users.deleted') });
      onClose();
    } catch (error) {
      toastFailure(translate('users.deleteFailed'), error);
    }
  };
  return (
    <ConfirmDeleteDialog
      open={user !== null}
      title={t(USERS_TEXT.deleteTitle)}
      description={t(USERS_TEXT.deleteText)}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
