import type { MemberRow } from '@loyalty/contracts';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteMember } from '../api/delete-member';
import { fullName, MEMBERS_TEXT } from '../members-labels';

export function DeleteMemberDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const remove = useDeleteMember();
  const t = useT();
  return (
    <ConfirmRemovalDialog
      item={member}
      remove={(chosen) => remove.mutateAsync(chosen.userId)}
      removed={(chosen) => ({ title: translate('members.deleted'), description: fullName(chosen) })}
      onFailure={(error) => toastFailure(translate('members.deleteFailed'), error)}
      onClose={onClose}
      title={t(MEMBERS_TEXT.deleteTitle)}
      description={
        member
          ? t('members.deleteTextWho', { name: fullName(member), code: member.membershipCode })
          : t(MEMBERS_TEXT.deleteText)
      }
      pending={remove.isPending}
    />
  );
}
