import type { TenantUser } from '@loyalty/contracts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDeleteUser } from '../api/delete-user';
import { failureMessage, USERS_TEXT } from '../users-labels';

/** The confirmation before a permanent removal (spec: Delete user?, Cancel and Delete). */
export function DeleteUserDialog({ user, onClose }: { user: TenantUser | null; onClose: () => void }) {
  const remove = useDeleteUser();

  const confirm = async (event: React.MouseEvent) => {
    // Stay open until the call answers, so a failure is seen beside the dialog that caused it.
    event.preventDefault();
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
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{USERS_TEXT.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>{USERS_TEXT.deleteText}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={confirm}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
