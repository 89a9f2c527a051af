import type { MemberDetail } from '@loyalty/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toastFailure } from '@/lib/failure-toast';
import { t as translate } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadMemberData } from '../api/member-data';

/**
 * A copy of the member's data (member, ledger, redemptions, consents) for a customer who asks at the counter:
 * the same file the card page's "Download my data" gives them. Erasing them is the member's Delete.
 */
export function MemberDataDownload({ member }: { member: MemberDetail }) {
  const t = useT();
  const download = useDownloadMemberData();
  const start = () =>
    download.mutate(
      { id: member.userId, membershipCode: member.membershipCode },
      {
        onError: (error) => toastFailure(translate('members.dataDownloadFailed'), error),
      },
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" variant="outline" onClick={start} disabled={download.isPending}>
        <Download aria-hidden="true" />
        {t('members.dataDownload')}
      </Button>
      <p className="text-muted-foreground text-sm">{t('members.dataDownloadHint')}</p>
    </div>
  );
}
