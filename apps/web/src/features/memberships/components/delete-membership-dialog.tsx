import type { Membership } from '@loyalty/contracts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
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
    <ConfirmDeleteDialog
      open={tier !== null}
      title={MEMBERSHIPS_TEXT.deleteTitle}
      description={`${tier ? `${tier.name}. ` : ''}${MEMBERSHIPS_TEXT.deleteText}`}
      pending={remove.isPending}
      pendingLabel="Deleting..."
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
