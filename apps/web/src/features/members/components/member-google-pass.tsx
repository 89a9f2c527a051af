import type { GooglePassStatus, MemberDetail } from '@loyalty/contracts';
import { ExternalLink } from 'lucide-react';
import { toastFailure } from '@/lib/failure-toast';
import { useT } from '@/lib/i18n/use-t';
import { useGooglePassStatus, useOpenGoogleSaveLink } from '../api/member-google-pass';
import { formatDateTime } from '../members-labels';
import { PassPanel, type PassPanelRow } from './pass-panel';

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
  const rows: PassPanelRow[] = [
    {
      label: t('members.googleState'),
      value: status.isError ? t('members.passStatusFailed') : !s ? t('common.loading') : stateText(t, s),
    },
    { label: t('members.googleLastSync'), value: s?.syncedAt ? formatDateTime(s.syncedAt) : t('members.none') },
  ];
  if (s?.lastError) rows.push({ label: t('members.googleLastError'), value: s.lastError, danger: true, wide: true });
  return (
    <PassPanel
      id="member-google-pass-title"
      title={t('members.googleTitle')}
      statusTestId="member-google-pass-status"
      rows={rows}
      action={{
        icon: <ExternalLink aria-hidden="true" />,
        label: t('members.googleSave'),
        pendingLabel: t('members.googleSaving'),
        pending: open.isPending,
        onClick: () => {
          // Opened now, inside the click, so no pop-up blocker stops it; the link goes into it once fetched.
          const tab = window.open('', '_blank');
          if (tab) tab.opener = null;
          open.mutate(
            { id: m.userId, tab },
            { onError: (error) => toastFailure(t('members.googleSaveFailed'), error) },
          );
        },
      }}
    />
  );
}
