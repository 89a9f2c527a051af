import type { Membership } from '@loyalty/contracts';
import { ConfirmRemovalDialog } from '@/components/confirm-delete-dialog';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteMembership } from '../api/delete-membership';
import { failureText, MEMBERSHIPS_TEXT, tierTexts } from '../memberships-labels';

export function DeleteMembershipDialog({ tier, onClose }: { tier: Membership | null; onClose: () => void }) {
  const remove = useDeleteMembership();
  const translate = useT();
  return (
    <ConfirmRemovalDialog
      item={tier}
      remove={(chosen) => remove.mutateAsync(chosen.id)}
      removed={() => ({ title: t('memberships.deleted') })}
      onFailure={(error) =>
        toast({ variant: 'destructive', title: t('memberships.error'), description: failureText(error) })
      }
      onClose={onClose}
      title={translate(MEMBERSHIPS_TEXT.deleteTitle)}
      description={
        tier
          ? translate('memberships.deleteNamed', {
              name: tierTexts(tier).name,
              text: translate(MEMBERSHIPS_TEXT.deleteText),
            })
          : translate(MEMBERSHIPS_TEXT.deleteText)
      }
      pending={remove.isPending}
      pendingLabel={translate('memberships.deleting')}
    />
  );
}
