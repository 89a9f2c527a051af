import { PASS_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { passSettings } from './api/get-pass-settings';
import { WalletSettingsForm } from './components/wallet-settings-form';

export function WalletSettingsPage() {
  const canWrite = useCanWrite();
  return (
    <SettingsScreen
      texts="walletSettings"
      canWrite={canWrite}
      query={passSettings.useSettings()}
      skeleton={(label) => (
        <div role="status" aria-label={label} className="grid gap-6 xl:grid-cols-[1fr_380px]">
          <Skeleton className="h-[32rem]" />
          <Skeleton className="h-[28rem]" />
        </div>
      )}
    >
      {(data) => <WalletSettingsForm initial={data ?? PASS_SETTINGS_DEFAULTS} canWrite={canWrite} />}
    </SettingsScreen>
  );
}
