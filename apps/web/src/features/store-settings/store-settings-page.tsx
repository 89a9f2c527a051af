import { STORE_SETTINGS_DEFAULTS } from '@loyalty/contracts';
import { SettingsScreen } from '@/components/settings-screen';
import { Skeleton } from '@/components/ui/skeleton';
import { useCanWrite } from '@/lib/workspace-context';
import { useStoreSettings } from './api/get-store-settings';
import { StoreSettingsForm } from './components/store-settings-form';

export function StoreSettingsPage() {
  const canWrite = useCanWrite();
  return (
    <SettingsScreen
      title="Store Settings"
      subtitle="Configure your store appearance"
      canWrite={canWrite}
      query={useStoreSettings()}
      loadFailed="Failed to fetch store settings"
      skeleton={<Skeleton role="status" aria-label="Loading store settings" className="h-96" />}
    >
      {(data) => (
        // Keyed on the saved record: a refresh after saving starts the form from what the server holds.
        <StoreSettingsForm key={JSON.stringify(data)} initial={data ?? STORE_SETTINGS_DEFAULTS} canWrite={canWrite} />
      )}
    </SettingsScreen>
  );
}
