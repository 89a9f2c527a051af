import type { MemberRow } from '@loyalty/contracts';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteMember } from '../api/delete-member';
import { fullName, MEMBERS_TEXT } from '../members-labels';

export function DeleteMemberDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const remove = useDeleteMember();
  const t = useT();
  const confirm = async () => {
    if (!member) return;
    try {
      await remove.mutateAsync(member.userId);
      toast({ title: translate('members.deleted'), description: fullName(member) });
      onClose();
    } catch (error) {
      toastFailure(translate('members.deleteFailed'), error);
    }
  };
  return (
    <ConfirmDeleteDialog
      open={member !== null}
      title={t(MEMBERS_TEXT.deleteTitle)}
      description={
        member
          ? t('members.deleteTextWho', { name: fullName(member), code: member.membershipCode })
          : t(MEMBERS_TEXT.deleteText)
      }
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
