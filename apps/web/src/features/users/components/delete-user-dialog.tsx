import type { TenantUser } from '@loyalty/contracts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { failureMessage, USERS_TEXT } from '../users-labels';

/** The confirmation before a permanent removal (spec: Delete user?, Cancel and Delete). */
export function DeleteUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const confirm = async () => {
    if (!user) return;
    try {
      await remove.mutateAsync(user.userId);
      toast({ title: 'User deleted' });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Delete failed', description: failureMessage(error) });
    }
  };
  return (
    <ConfirmDeleteDialog
      open={user !== null}
      title={USERS_TEXT.deleteTitle}
      description={USERS_TEXT.deleteText}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
