import { type MemberDetail, PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { WalletCardPreview } from '@/components/wallet-card-preview';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useDownloadPass, useMemberPassStatus, usePassDesign } from '../api/member-pass';
import { failureMessage, formatDate, formatDateTime, formatPoints as formatNumber, fullName } from '../members-labels';

/** The member's Apple Wallet pass: how it looks, the file to hand over, and whether devices keep it current. */
export function MemberPass({ member: m }: { member: MemberDetail }) {
  const t = useT();
  const status = useMemberPassStatus(m.userId);
  const design = usePassDesign();
  const download = useDownloadPass();
  const s = design.data ?? PASS_SETTINGS_DEFAULTS;
  const state = status.data;
  return (
    <section aria-labelledby="member-pass-title" className="grid gap-3 rounded-md border p-3">
      <h3 id="member-pass-title" className="font-semibold">
        {t('members.passTitle')}
      </h3>
      <div className="grid items-start gap-4 sm:grid-cols-[minmax(0,300px)_1fr]">
        {design.isSuccess && (
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
        )}
        <div className="grid gap-3">
          <dl className="grid gap-2 text-sm" data-testid="member-pass-status">
            <div>
              <dt className="text-muted-foreground text-xs">{t('members.passDevices')}</dt>
              <dd>
                {status.isError
                  ? t('members.passStatusFailed')
                  : !state
                    ? t('common.loading')
                    : state.devices > 0
                      ? t('members.passDeviceCount', { count: state.devices, devices: formatNumber(state.devices) })
                      : t('members.passNotAdded')}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground text-xs">{t('members.passLastPush')}</dt>
              <dd>{state?.pushedAt ? formatDateTime(state.pushedAt) : t('members.none')}</dd>
            </div>
            {state && state.failingPushes > 0 && (
              <div data-testid="member-pass-failing">
                <dt className="text-muted-foreground text-xs">{t('members.passFailingPushes')}</dt>
                <dd className="text-destructive">
                  {t('members.passFailingCount', {
                    count: state.failingPushes,
                    devices: formatNumber(state.failingPushes),
                  })}
                  {state.pushError && <span className="text-muted-foreground"> · {state.pushError}</span>}
                </dd>
              </div>
            )}
          </dl>
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            disabled={download.isPending}
            onClick={() =>
              download.mutate(
                { id: m.userId, membershipCode: m.membershipCode },
                {
                  onError: (error) =>
                    toast({
                      variant: 'destructive',
                      title: t('members.passDownloadFailed'),
                      description: failureMessage(error),
                    }),
                },
              )
            }
          >
            <Download aria-hidden="true" />
            {download.isPending ? t('members.passDownloading') : t('members.passDownload')}
          </Button>
        </div>
      </div>
    </section>
  );
}
