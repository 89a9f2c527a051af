import type { MemberRow } from '@loyalty/contracts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteMember } from '../api/delete-member';
import { failureMessage, fullName, MEMBERS_TEXT } from '../members-labels';

export function DeleteMemberDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const remove = useDeleteMember();
  const confirm = async () => {
    if (!member) return;
    try {
      await remove.mutateAsync(member.userId);
      toast({ title: 'Member deleted', description: fullName(member) });
      onClose();
    } catch (error) {
      toast({ variant: 'destructive', title: 'Delete failed', description: failureMessage(error) });
    }
  };
  return (
    <ConfirmDeleteDialog
      open={member !== null}
      title={MEMBERS_TEXT.deleteTitle}
      description={`${member ? `${fullName(member)} (${member.membershipCode}). ` : ''}${MEMBERS_TEXT.deleteText}`}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
