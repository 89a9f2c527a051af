import type { Membership } from '@loyalty/contracts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDeleteMembership } from '../api/delete-membership';
import { failureText, MEMBERSHIPS_TEXT } from '../memberships-labels';

export function DeleteMembershipDialog({ tier, onClose }: { tier: Membership | null; onClose: () => void }) {
  const remove = useDeleteMembership();
  const confirm = async () => {
    if (!tier) return;
    try {
      await remove.mutateAsync(tier.id);
      toast({ title: 'Membership deleted successfully' });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Error', description: failureText(error) });
    }
  };
  return (
    <AlertDialog open={tier !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MEMBERSHIPS_TEXT.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {tier ? `${tier.name}. ` : ''}
            {MEMBERSHIPS_TEXT.deleteText}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
