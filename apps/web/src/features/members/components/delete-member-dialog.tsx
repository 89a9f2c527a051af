import type { MemberRow } from '@loyalty/contracts';
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
    <AlertDialog open={member !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{MEMBERS_TEXT.deleteTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {member ? `${fullName(member)} (${member.membershipCode}). ` : ''}
            {MEMBERS_TEXT.deleteText}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
