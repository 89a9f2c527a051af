import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { passSettings } from './api/get-pass-settings';
import { WalletSettingsForm } from './components/wallet-settings-form';

export function WalletSettingsPage() {
  const canWrite = useCanWrite();
  const t = useT();
  return (
    <SettingsScreen
      title={t('walletSettings.title')}
      subtitle={t('walletSettings.subtitle')}
      canWrite={canWrite}
      query={passSettings.useSettings()}
      loadFailed={t('walletSettings.fetchFailed')}
      skeleton={
        <div role="status" aria-label={t('walletSettings.loading')} className="grid gap-6 xl:grid-cols-[1fr_380px]">
          <Skeleton className="h-[32rem]" />
          <Skeleton className="h-[28rem]" />
        </div>
      }
    >
      {(data) => <WalletSettingsForm initial={data ?? PASS_SETTINGS_DEFAULTS} canWrite={canWrite} />}
    </SettingsScreen>
  );
}
