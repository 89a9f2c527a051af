import type { GooglePassStatus, MemberDetail } from '@loyalty/contracts';
import { ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useGooglePassStatus, useOpenGoogleSaveLink } from '../api/member-google-pass';
import { failureMessage, formatDateTime } from '../members-labels';

type T = ReturnType<typeof useT>;

/** The object's state in words: offline development key, no link yet, waiting for Google, or confirmed. */
function stateText(t: T, s: GooglePassStatus): string {
  if (s.sync === 'offline') return s.issued ? t('members.googleOfflineIssued') : t('members.googleOffline');
  if (!s.issued) return t('members.googleNotIssued');
  return s.confirmedAt ? t('members.googleConfirmed') : t('members.googleIssued');
}

/**
 * The member's Google Wallet pass beside the Apple one: whether Google holds the object and last took an
 * update, the last error it gave, and the "Save to Google Wallet" link (opened in a new tab).
 */
export function MemberGooglePass({ member: m }: { member: MemberDetail }) {
  const t = useT();
  const status = useGooglePassStatus(m.userId);
  const open = useOpenGoogleSaveLink();
  const s = status.data;
  return (
    <section aria-labelledby="member-google-pass-title" className="grid gap-3 rounded-md border p-3">
      <h3 id="member-google-pass-title" className="font-semibold">
        {t('members.googleTitle')}
      </h3>
      <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="member-google-pass-status">
        <div>
          <dt className="text-muted-foreground text-xs">{t('members.googleState')}</dt>
          <dd>{status.isError ? t('members.passStatusFailed') : !s ? t('common.loading') : stateText(t, s)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-xs">{t('members.googleLastSync')}</dt>
          <dd>{s?.syncedAt ? formatDateTime(s.syncedAt) : t('members.none')}</dd>
        </div>
        {s?.lastError && (
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground text-xs">{t('members.googleLastError')}</dt>
            <dd className="break-words text-destructive">{s.lastError}</dd>
          </div>
        )}
      </dl>
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={open.isPending}
        onClick={() => {
          // Opened now, inside the click, so no pop-up blocker stops it; the link goes into it once fetched.
          const tab = window.open('', '_blank');
          if (tab) tab.opener = null;
          open.mutate(
            { id: m.userId, tab },
            {
              onError: (error) =>
                toast({
                  variant: 'destructive',
                  title: t('members.googleSaveFailed'),
                  description: failureMessage(error),
                }),
            },
          );
        }}
      >
        <ExternalLink aria-hidden="true" />
        {open.isPending ? t('members.googleSaving') : t('members.googleSave')}
      </Button>
    </section>
  );
}
