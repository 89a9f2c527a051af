import { type MemberDetail, PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { Download } from 'lucide-react';
import { WalletCardPreview } from '@/components/wallet-card-preview';
import { toastFailure } from '@/lib/failure-toast';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadPass, useMemberPassStatus, usePassDesign } from '../api/member-pass';
import { formatDate, formatDateTime, formatPoints as formatNumber, fullName } from '../members-labels';
import { PassPanel, type PassPanelRow } from './pass-panel';

/** The member's Apple Wallet pass: how it looks, the file to hand over, and whether devices keep it current. */
export function MemberPass({ member: m }: { member: MemberDetail }) {
  const t = useT();
  const status = useMemberPassStatus(m.userId);
  const design = usePassDesign();
  const download = useDownloadPass();
  const s = design.data ?? PASS_SETTINGS_DEFAULTS;
  const state = status.data;
  const rows: PassPanelRow[] = [
    {
      label: t('members.passDevices'),
      value: status.isError
        ? t('members.passStatusFailed')
        : !state
          ? t('common.loading')
          : state.devices > 0
            ? t('members.passDeviceCount', { count: state.devices, devices: formatNumber(state.devices) })
            : t('members.passNotAdded'),
    },
    { label: t('members.passLastPush'), value: state?.pushedAt ? formatDateTime(state.pushedAt) : t('members.none') },
  ];
  if (state && state.failingPushes > 0)
    rows.push({
      label: t('members.passFailingPushes'),
      danger: true,
      testId: 'member-pass-failing',
      value: (
        <>
          {t('members.passFailingCount', { count: state.failingPushes, devices: formatNumber(state.failingPushes) })}
          {state.pushError && <span className="text-muted-foreground"> · {state.pushError}</span>}
        </>
      ),
    });
  return (
    <PassPanel
      id="member-pass-title"
      title={t('members.passTitle')}
      statusTestId="member-pass-status"
      rows={rows}
      picture={
        design.isSuccess ? (
          <WalletCardPreview
            settings={{ ...s, images: { logo: s.logoUrl, strip: s.stripUrl, background: s.backgroundUrl } }}
            member={{
              name: fullName(m),
              level: m.tier ? localizedName(m.tier.name, m.tier.nameZh, m.tier.nameCn) : '',
              points: m.pointsBalance,
              lastUpdate: state?.updatedAt ? formatDate(state.updatedAt) : '',
              number: m.membershipCode,
            }}
          />
        ) : null
      }
      action={{
        icon: <Download aria-hidden="true" />,
        label: t('members.passDownload'),
        pendingLabel: t('members.passDownloading'),
        pending: download.isPending,
        onClick: () =>
          download.mutate(
            { id: m.userId, membershipCode: m.membershipCode },
            { onError: (error) => toastFailure(t('members.passDownloadFailed'), error) },
          ),
      }}
    />
  );
}
